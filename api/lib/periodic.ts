import type { FastifyInstance } from 'fastify';

/**
 * Runs `task` when the app is ready and then every `everyMs`, one run at a time; a failure is
 * logged as `failed` and the next run tries again; close waits for a run under way. Nothing runs
 * in an app built with `upkeep: false`.
 */
export function runPeriodically(
  app: FastifyInstance,
  options: { everyMs: number; failed: string; task: () => Promise<unknown> },
): void {
  if (!app.runsUpkeep) return;
  let running: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;
  const run = () => {
    running ??= options
      .task()
      .then(() => undefined)
      .catch((err: unknown) => app.log.warn({ err }, options.failed))
      .finally(() => {
        running = undefined;
      });
  };
  app.addHook('onReady', async () => {
    run();
    timer = setInterval(run, options.everyMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
