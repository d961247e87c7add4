import { logger, onEventsCommitted } from "@hireflow/core";
import { getPrisma, type PrismaClient } from "@hireflow/db";
import { envInt } from "@hireflow/config";
import { defineSchedule, getJobDriver } from "../runtime/index.ts";

/**
 * Hands committed outbox rows to the job driver. Rows are claimed with FOR UPDATE SKIP LOCKED so
 * several server processes never publish one row twice at the same time, and the driver receives
 * the row id as the event id, so Inngest (and the local runner) drop a repeat after a crash
 * between send and mark.
 */
export interface OutboxEventData {
  event_id: string;
  company_id: number;
  occurred_at: string;
  payload: Record<string, unknown>;
}

const BATCH = 100;

export async function publishPendingEvents(prisma: PrismaClient = getPrisma(), options: { olderThanMs?: number } = {}): Promise<number> {
  let published = 0;
  for (;;) {
    const count = await prisma.$transaction(async (tx) => {
      const rows = await tx.$queryRaw<{ id: string; company_id: number; type: string; payload: Record<string, unknown>; occurred_at: Date }[]>`
        SELECT id, company_id, type, payload, occurred_at FROM events
        WHERE published_at IS NULL AND occurred_at <= now() - make_interval(secs => ${(options.olderThanMs ?? 0) / 1000})
        ORDER BY occurred_at LIMIT ${BATCH} FOR UPDATE SKIP LOCKED`;
      if (rows.length === 0) return 0;
      await getJobDriver().send(
        rows.map((row) => ({
          name: row.type,
          id: row.id,
          data: { event_id: row.id, company_id: row.company_id, occurred_at: row.occurred_at.toISOString(), payload: row.payload } satisfies OutboxEventData,
        })),
      );
      await tx.event.updateMany({ where: { id: { in: rows.map((r) => r.id) } }, data: { publishedAt: new Date() } });
      return rows.length;
    });
    published += count;
    if (count < BATCH) return published;
  }
}

export interface OutboxPublisher {
  stop(): Promise<void>;
  /** Publish now (tests, and API routes after a response on serverless; the commit hook calls it too). */
  flush(): Promise<void>;
}

/**
 * Publishes right after each commit, through core's onEventsCommitted hook. Rows a crashed process
 * left behind are the outbox sweep's (outboxSweepSchedule).
 */
export function startOutboxPublisher(options: { prisma?: PrismaClient } = {}): OutboxPublisher {
  const prisma = options.prisma ?? getPrisma();
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;

  const run = (): Promise<void> => {
    if (stopped) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        try {
          await publishPendingEvents(prisma);
        } catch (error) {
          logger.warn("outbox publish failed; the sweep will retry", { error });
        }
      } while (again && !stopped);
    })().finally(() => (running = null));
    return running;
  };

  const unsubscribe = onEventsCommitted(() => void run());
  void run();
  return {
    flush: run,
    async stop() {
      stopped = true;
      unsubscribe();
      await running;
    },
  };
}

/** Unpublished rows older than a few seconds: their process died between commit and publish. */
export const outboxSweepSchedule = defineSchedule({
  id: "outbox-sweep",
  cron: "* * * * *",
  intervalMs: () => envInt("OUTBOX_SWEEP_INTERVAL_MS", 5_000),
  run: () => publishPendingEvents(getPrisma(), { olderThanMs: 2_000 }),
});
