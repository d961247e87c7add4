import { logger } from "@hireflow/core";

export type Sweeper = { stop(): Promise<void> | void };

export type PeriodicTask = Sweeper & { flush(): Promise<void> };

/**
 * Runs `task` once now and then every `intervalMs`, never two passes at once; a failed pass is
 * logged and retried at the next tick. `flush()` runs a pass now (or joins the one running).
 */
export function startPeriodic(name: string, intervalMs: number, task: () => Promise<unknown>): PeriodicTask {
  let running: Promise<void> | null = null;
  let stopped = false;
  const run = (): Promise<void> => {
    if (stopped) return Promise.resolve();
    running ??= task()
      .then(() => undefined)
      .catch((error: unknown) => logger.warn(`${name} failed; retrying at the next interval`, { error }))
      .finally(() => (running = null));
    return running;
  };
  const timer = setInterval(() => void run(), intervalMs);
  timer.unref();
  void run();
  return {
    flush: run,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
