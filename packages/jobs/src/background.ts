import { logger } from "@hireflow/core";
import { startOutboxPublisher, type OutboxPublisher } from "./outbox/publisher.ts";
import { allJobs } from "./registry.ts";
import { getJobDriver, registerJobs, shutdownLocalRunner } from "./runtime/index.ts";
import { type Sweeper, sweepers } from "./sweepers.ts";

export { sweepers, type SweeperFactory } from "./sweepers.ts";

interface Background {
  publisher: OutboxPublisher;
  sweepers: Sweeper[];
}
const globalForBackground = globalThis as unknown as { __hireflowBackground?: Background };

/**
 * Starts background work in this process: registers the jobs, and (when no Inngest is configured)
 * the outbox publisher and sweepers that feed the local runner. Called from Next's
 * instrumentation hook, so `npm run dev` and a self-hosted `npm start` process resumes and
 * webhooks with no extra setup. Idempotent.
 */
export function startBackgroundWork(): Background {
  registerJobs(allJobs);
  if (globalForBackground.__hireflowBackground) return globalForBackground.__hireflowBackground;
  const background: Background = { publisher: startOutboxPublisher(), sweepers: sweepers.map((start) => start()) };
  globalForBackground.__hireflowBackground = background;
  logger.info("background work started", { driver: getJobDriver().kind, jobs: allJobs.map((j) => j.id) });
  return background;
}

export async function stopBackgroundWork(): Promise<void> {
  const background = globalForBackground.__hireflowBackground;
  if (!background) return;
  globalForBackground.__hireflowBackground = undefined;
  await background.publisher.stop();
  await Promise.all(background.sweepers.map((s) => s.stop()));
  await shutdownLocalRunner();
}
