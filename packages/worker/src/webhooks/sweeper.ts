import { logger } from "@hireflow/core";
import { getPrisma, type PrismaClient } from "@hireflow/db";
import { defineSchedule, getJobDriver } from "../runtime/index.ts";
import { type PeriodicTask, startPeriodic } from "../sweepers.ts";
import { sweepIntervalMs, sweepMarginMs } from "./config.ts";
import { deliveryRequest } from "./events.ts";
import { forgetExpiredPreviousSecrets, leaseOverdueDeliveries } from "./store.ts";

const BATCH = 100;

/**
 * Crash recovery for deliveries: a pending row overdue by the margin has no live run (the process
 * died mid-attempt or while sleeping, or its request was lost), so it is requested again. The row
 * lease makes concurrent sweepers take each row once; the attempt claim does the rest.
 */
export async function sweepOverdueDeliveries(prisma: PrismaClient = getPrisma(), options: { marginMs?: number } = {}): Promise<number> {
  let total = 0;
  for (;;) {
    const count = await leaseOverdueDeliveries(prisma, options.marginMs ?? sweepMarginMs(), BATCH, (due) =>
      getJobDriver().send(due.map((d) => deliveryRequest(d.id, d.attemptCount, { lease: d.leasedUntil }))),
    );
    total += count;
    if (count < BATCH) return total;
  }
}

/**
 * Overdue deliveries, every 30 s in-process (WEBHOOK_SWEEP_INTERVAL_MS) or every minute on Inngest;
 * the same pass forgets rotated-out secrets whose grace period is over.
 */
export const deliverySweepSchedule = defineSchedule({
  id: "webhook-delivery-sweep",
  cron: "* * * * *",
  intervalMs: sweepIntervalMs,
  run: async () => {
    const count = await sweepOverdueDeliveries();
    if (count > 0) logger.info("webhook deliveries re-requested", { count });
    const forgotten = await forgetExpiredPreviousSecrets(getPrisma());
    if (forgotten > 0) logger.info("expired previous webhook secrets forgotten", { count: forgotten });
    return count;
  },
});

/** The sweep on its own timer (tests; startBackgroundWork starts every schedule this way). */
export function startDeliverySweeper(options: { intervalMs?: number; prisma?: PrismaClient } = {}): PeriodicTask {
  return startPeriodic("webhook delivery sweep", options.intervalMs ?? sweepIntervalMs(), () => sweepOverdueDeliveries(options.prisma ?? getPrisma()));
}
