import { logger, requeueStuckResumes } from "@hireflow/core";
import { getPrisma, type PrismaClient } from "@hireflow/db";
import { type OutboxEventData } from "../outbox/publisher.ts";
import { defineSchedule, getJobDriver } from "../runtime/index.ts";
import { type PeriodicTask, startPeriodic } from "../sweepers.ts";
import { resumeSweepOptions } from "./config.ts";
import { RESUME_UPLOADED_EVENT } from "./job.ts";

/**
 * One recovery pass: resumes stuck in pending/processing for `staleAfterMs` (their run was lost to
 * a crash or a restart) go back to pending and get a new event. The event id names the row and
 * the moment it was re-queued, so two processes sweeping at once send one event that the driver
 * de-duplicates, and the job's pending → processing claim lets only one run parse it.
 */
export async function sweepStuckResumes(options: { staleAfterMs?: number; prisma?: PrismaClient } = {}): Promise<number> {
  const requeued = await requeueStuckResumes(options.prisma ?? getPrisma(), {
    olderThanMs: options.staleAfterMs ?? resumeSweepOptions().staleAfterMs,
  });
  if (requeued.length === 0) return 0;
  await getJobDriver().send(
    requeued.map(({ candidateId, companyId, requeuedAt }) => {
      const id = `resume-requeue-${candidateId}-${requeuedAt.getTime()}`;
      const data: OutboxEventData = {
        event_id: id,
        company_id: companyId,
        occurred_at: requeuedAt.toISOString(),
        payload: { candidate_id: candidateId, company_id: companyId },
      };
      return { name: RESUME_UPLOADED_EVENT, id, data };
    }),
  );
  logger.info("re-queued stuck resumes", { count: requeued.length, candidate_ids: requeued.map((r) => r.candidateId) });
  return requeued.length;
}

/** Stuck resumes, every 30 s in-process (RESUME_SWEEP_INTERVAL_MS) or every minute on Inngest. */
export const resumeSweepSchedule = defineSchedule({
  id: "resume-sweep",
  cron: "* * * * *",
  intervalMs: () => resumeSweepOptions().intervalMs,
  run: () => sweepStuckResumes(),
});

/** The sweep on its own timer (tests; startBackgroundWork starts every schedule this way). */
export function startResumeSweeper(options: { staleAfterMs?: number; intervalMs?: number; prisma?: PrismaClient } = {}): PeriodicTask {
  return startPeriodic("resume sweep", options.intervalMs ?? resumeSweepOptions().intervalMs, () => sweepStuckResumes(options));
}
