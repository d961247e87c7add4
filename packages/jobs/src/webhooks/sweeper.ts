import { logger } from "@hireflow/core";
import { getPrisma, type PrismaClient } from "@hireflow/db";
import { getJobDriver } from "../runtime/index.ts";
import { type PeriodicTask, startPeriodic } from "../sweepers.ts";
import { sweepIntervalMs, sweepMarginMs } from "./config.ts";
import { deliveryRequest } from "./events.ts";
import { leaseOverdueDeliveries } from "./store.ts";

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

export function startDeliverySweeper(options: { intervalMs?: number; prisma?: PrismaClient } = {}): PeriodicTask {
  return startPeriodic("webhook delivery sweep", options.intervalMs ?? sweepIntervalMs(), async () => {
    const count = await sweepOverdueDeliveries(options.prisma ?? getPrisma());
    if (count > 0) logger.info("webhook deliveries re-requested", { count });
  });
}
