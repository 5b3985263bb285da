import { createInterface } from 'node:readline/promises';

/** Asks a y/N question; only "y" or "yes" is a yes. */
export async function confirm(
  question: string,
  input: NodeJS.ReadableStream,
  output: NodeJS.WritableStream,
): Promise<boolean> {
  const rl = createInterface({ input, output, terminal: false });
  try {
    const answer = await Promise.race([
      rl.question(`${question} [y/N] `),
      // Input that ends without an answer is a no.
      new Promise<string>((resolve) => rl.once('close', () => resolve(''))),
    ]);
    return /^y(es)?$/i.test(answer.trim());
  } finally {
    rl.close();
  }
}
