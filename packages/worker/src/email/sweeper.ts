import { logger } from "@hireflow/core";
import { getPrisma, type PrismaClient } from "@hireflow/db";
import { defineSchedule, getJobDriver } from "../runtime/index.ts";
import { type PeriodicTask, startPeriodic } from "../sweepers.ts";
import { emailSweepIntervalMs, emailSweepMarginMs } from "./config.ts";
import { emailRecoveryRequest, emailReleaseRequest } from "./events.ts";
import { leaseOverdueEmails, releaseDueEmails } from "./store.ts";

const BATCH = 100;

/**
 * The e-mail sweep: scheduled messages that came due are queued and requested (releaseDueEmails),
 * and — crash recovery — a queued message overdue by the margin has no live run (the process died
 * mid-attempt or while waiting for a retry, or its event was lost), so it is requested again.
 */
export async function sweepOverdueEmails(prisma: PrismaClient = getPrisma(), options: { marginMs?: number } = {}): Promise<number> {
  let total = 0;
  for (;;) {
    const count = await releaseDueEmails(prisma, BATCH, (due) => getJobDriver().send(due.map(emailReleaseRequest)));
    total += count;
    if (count < BATCH) break;
  }
  for (;;) {
    const count = await leaseOverdueEmails(prisma, options.marginMs ?? emailSweepMarginMs(), BATCH, (due) => getJobDriver().send(due.map(emailRecoveryRequest)));
    total += count;
    if (count < BATCH) return total;
  }
}

/** Every 30 s in-process (EMAIL_SWEEP_INTERVAL_MS) or every minute on Inngest. */
export const emailSweepSchedule = defineSchedule({
  id: "email-sweep",
  cron: "* * * * *",
  intervalMs: emailSweepIntervalMs,
  run: async () => {
    const count = await sweepOverdueEmails();
    if (count > 0) logger.info("queued e-mails re-requested", { count });
    return count;
  },
});

/** The sweep on its own timer (tests; startBackgroundWork starts every schedule this way). */
export function startEmailSweeper(options: { intervalMs?: number; prisma?: PrismaClient } = {}): PeriodicTask {
  return startPeriodic("e-mail sweep", options.intervalMs ?? emailSweepIntervalMs(), () => sweepOverdueEmails(options.prisma ?? getPrisma()));
}
