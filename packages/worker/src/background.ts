import { logger } from "@hireflow/core";
import { startOutboxPublisher, type OutboxPublisher } from "./outbox/publisher.ts";
import { allJobs, allSchedules } from "./registry.ts";
import { getJobDriver, registerJobs, shutdownLocalRunner } from "./runtime/index.ts";
import { type Sweeper, startPeriodic } from "./sweepers.ts";

interface Background {
  publisher: OutboxPublisher;
  sweepers: Sweeper[];
}
const globalForBackground = globalThis as unknown as { __hireflowBackground?: Background };

/**
 * Starts background work in this process: registers the jobs, publishes the outbox after each
 * commit, and — unless Inngest runs the schedules as cron functions — runs the recovery schedules
 * on timers. Called from Next's instrumentation hook, so `npm run dev` and a self-hosted
 * `npm start` process resumes and webhooks with no extra setup. Idempotent.
 */
export function startBackgroundWork(): Background {
  registerJobs(allJobs);
  if (globalForBackground.__hireflowBackground) return globalForBackground.__hireflowBackground;
  const driver = getJobDriver().kind;
  const background: Background = {
    publisher: startOutboxPublisher(),
    sweepers: driver === "inngest" ? [] : allSchedules.map((s) => startPeriodic(s.id, s.intervalMs(), s.run)),
  };
  globalForBackground.__hireflowBackground = background;
  logger.info("background work started", { driver, jobs: allJobs.map((j) => j.id) });
  return background;
}

/**
 * Publishes what this process committed. On serverless the commit hook's publish may not finish
 * before the instance freezes, so API routes call this from `after()` when Inngest is the driver.
 */
export async function flushOutbox(): Promise<void> {
  await globalForBackground.__hireflowBackground?.publisher.flush();
}

export async function stopBackgroundWork(): Promise<void> {
  const background = globalForBackground.__hireflowBackground;
  if (!background) return;
  globalForBackground.__hireflowBackground = undefined;
  await background.publisher.stop();
  await Promise.all(background.sweepers.map((s) => s.stop()));
  await shutdownLocalRunner();
}
