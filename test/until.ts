/**
 * Resolves once `check()` holds, looked at every `everyMs`; fails naming `what` after `timeoutMs`.
 * For tests that wait on something another process or a timer does.
 */
export async function until(
  check: () => boolean,
  what: string,
  { timeoutMs = 10_000, everyMs = 20 }: { timeoutMs?: number; everyMs?: number } = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
