import { logger, onEventsCommitted, WEBHOOK_EVENT_TYPES } from "@hireflow/core";
import { backgroundPoolOf, getPrisma, type PrismaClient } from "@hireflow/db";
import { envInt } from "@hireflow/config";
import { defineSchedule, getJobDriver } from "../runtime/index.ts";
import { deliveriesRequests } from "../webhooks/events.ts";
import { createBatchDeliveries } from "../webhooks/store.ts";

/**
 * Hands committed outbox rows on. Rows are claimed with FOR UPDATE SKIP LOCKED so several server
 * processes never publish one row twice at the same time. A webhook event is fanned out right here,
 * in the same transaction: one statement writes every endpoint's delivery of every event of the batch
 * (webhooks/store.ts), and after the commit one request per hundred deliveries asks for their first
 * attempts (webhooks/deliver-batch.ts). Every other row (a redelivery, an e-mail, a resume) goes to the
 * job driver with the row id as the event id, so Inngest (and the local runner) drop a repeat after a
 * crash between send and mark.
 */
export interface OutboxEventData {
  event_id: string;
  company_id: number;
  occurred_at: string;
  payload: Record<string, unknown>;
}

const BATCH = 100;

/** The outbox rows that are webhook events: fanned out to deliveries, not sent to the driver. */
const FANNED_OUT = new Set<string>([...WEBHOOK_EVENT_TYPES, "webhook.test"]);

const PENDING_EVENTS = {
  name: "hireflow_outbox_pending",
  text: `SELECT id, company_id, type, payload, occurred_at FROM events
    WHERE published_at IS NULL AND occurred_at <= now() - make_interval(secs => $1::float8)
    ORDER BY occurred_at LIMIT $2 FOR UPDATE SKIP LOCKED`,
};
const MARK_PUBLISHED = { name: "hireflow_outbox_mark", text: "UPDATE events SET published_at = now() WHERE id = ANY($1::uuid[])" };

/**
 * One batch after another until none is left, each in its own transaction on the background pool
 * (packages/db client.ts): claimed rows stay locked while the driver receives them, and are marked
 * only if it did.
 */
export async function publishPendingEvents(prisma: PrismaClient = getPrisma(), options: { olderThanMs?: number } = {}): Promise<number> {
  let published = 0;
  for (;;) {
    const count = await publishBatch(prisma, (options.olderThanMs ?? 0) / 1000);
    published += count;
    if (count < BATCH) return published;
  }
}

async function publishBatch(prisma: PrismaClient, olderThanSeconds: number): Promise<number> {
  const client = await backgroundPoolOf(prisma).connect();
  let broken = false;
  try {
    await client.query("BEGIN");
    const { rows } = await client.query<{ id: string; company_id: number; type: string; payload: Record<string, unknown>; occurred_at: Date }>({
      ...PENDING_EVENTS,
      values: [olderThanSeconds, BATCH],
    });
    let deliveryIds: number[] = [];
    if (rows.length > 0) {
      const jobs = rows.filter((row) => !FANNED_OUT.has(row.type));
      if (jobs.length > 0) {
        await getJobDriver().send(
          jobs.map((row) => ({
            name: row.type,
            id: row.id,
            data: { event_id: row.id, company_id: row.company_id, occurred_at: row.occurred_at.toISOString(), payload: row.payload } satisfies OutboxEventData,
          })),
        );
      }
      deliveryIds = await createBatchDeliveries(client, rows.filter((row) => FANNED_OUT.has(row.type)).map((row) => row.id));
      await client.query({ ...MARK_PUBLISHED, values: [rows.map((r) => r.id)] });
    }
    await client.query("COMMIT");
    // After the commit, so the runs find the rows. Should this send fail, the deliveries wait, due,
    // for the delivery sweep (webhooks/sweeper.ts), which requests them again.
    if (deliveryIds.length > 0) {
      await getJobDriver()
        .send(deliveriesRequests(deliveryIds))
        .catch((error: unknown) => logger.warn("webhook deliveries not requested; the delivery sweep will", { error, deliveries: deliveryIds.length }));
    }
    return rows.length;
  } catch (error) {
    await client.query("ROLLBACK").catch(() => (broken = true));
    throw error;
  } finally {
    // A connection whose ROLLBACK did not go through is closed, not given back to the pool.
    client.release(broken);
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
