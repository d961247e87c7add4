import { logger, onEventsCommitted, WEBHOOK_EVENT_TYPES } from "@hireflow/core";
import { backgroundPoolOf, getPrisma, type PrismaClient } from "@hireflow/db";
import { envInt } from "@hireflow/config";
import { defineSchedule, getJobDriver } from "../runtime/index.ts";
import { deliveriesRequests } from "../webhooks/events.ts";
import { publishWebhookEvents } from "../webhooks/store.ts";

/**
 * Hands committed outbox rows on: the events with a row in pending_events (queued by a trigger as each
 * event is written; the event row itself is never updated). Pending rows are claimed with FOR UPDATE
 * SKIP LOCKED so several server processes never publish one event twice at the same time, and deleted
 * as their events are published. Webhook events are published and fanned out
 * by one statement that commits on its own (webhooks/store.ts publishWebhookEvents: every endpoint's
 * delivery of every event of the batch), and after it one request per hundred deliveries asks for their
 * first attempts (webhooks/deliver-batch.ts). Every other row (a redelivery, an e-mail, a resume) goes
 * to the job driver in a transaction that keeps the rows locked until the driver took them, with the
 * event id as the job's id, so Inngest (and the local runner) drop a repeat after a crash between send
 * and delete.
 */
export interface OutboxEventData {
  event_id: string;
  company_id: number;
  occurred_at: string;
  payload: Record<string, unknown>;
}

const BATCH = 100;

type BackgroundPool = ReturnType<typeof backgroundPoolOf>;

/** The outbox rows that are webhook events: fanned out to deliveries, not sent to the driver. */
const FANNED_OUT_TYPES: readonly string[] = [...WEBHOOK_EVENT_TYPES, "webhook.test"];

/** Pending rows that are not webhook events, with their events (type null: erased before it was published). */
const PENDING_JOB_EVENTS = {
  name: "hireflow_outbox_pending_jobs",
  text: `SELECT p.event_id AS id, ev.company_id, ev.type, ev.payload, ev.occurred_at
    FROM pending_events p LEFT JOIN events ev ON ev.id = p.event_id
    WHERE p.occurred_at <= now() - make_interval(secs => $1::float8) AND NOT p.type = ANY($3::text[])
    ORDER BY p.occurred_at LIMIT $2 FOR UPDATE OF p SKIP LOCKED`,
};
type PendingJobEvent = { id: string; company_id: number; type: string; payload: Record<string, unknown>; occurred_at: Date };
type PendingJobRow = PendingJobEvent | (Pick<PendingJobEvent, "id"> & Record<"company_id" | "type" | "payload" | "occurred_at", null>);
const DEQUEUE = { name: "hireflow_outbox_dequeue", text: "DELETE FROM pending_events WHERE event_id = ANY($1::uuid[])" };

/**
 * One batch after another until none is left: the webhook events of each batch by one statement, then,
 * when the batch held other rows, those in a transaction on the background pool (packages/db
 * client.ts): claimed rows stay locked while the driver receives them, and leave the queue only if it did.
 */
export async function publishPendingEvents(prisma: PrismaClient = getPrisma(), options: { olderThanMs?: number } = {}): Promise<number> {
  const olderThanSeconds = (options.olderThanMs ?? 0) / 1000;
  const pool = backgroundPoolOf(prisma);
  let published = 0;
  for (;;) {
    const batch = await publishWebhookEvents(pool, { olderThanSeconds, limit: BATCH, types: FANNED_OUT_TYPES });
    published += batch.claimed - batch.others;
    if (batch.deliveryIds.length > 0) {
      // Should this send fail, the deliveries wait, due, for the delivery sweep (webhooks/sweeper.ts), which requests them again.
      await getJobDriver()
        .send(deliveriesRequests(batch.deliveryIds))
        .catch((error: unknown) => logger.warn("webhook deliveries not requested; the delivery sweep will", { error, deliveries: batch.deliveryIds.length }));
    }
    if (batch.others > 0) published += await publishJobBatch(pool, olderThanSeconds);
    if (batch.claimed < BATCH) return published;
  }
}

async function publishJobBatch(pool: BackgroundPool, olderThanSeconds: number): Promise<number> {
  const client = await pool.connect();
  let broken = false;
  try {
    await client.query("BEGIN");
    const { rows } = await client.query<PendingJobRow>({ ...PENDING_JOB_EVENTS, values: [olderThanSeconds, BATCH, FANNED_OUT_TYPES] });
    const events = rows.filter((row): row is PendingJobEvent => row.type !== null);
    if (events.length > 0) {
      await getJobDriver().send(
        events.map((row) => ({
          name: row.type,
          id: row.id,
          data: { event_id: row.id, company_id: row.company_id, occurred_at: row.occurred_at.toISOString(), payload: row.payload } satisfies OutboxEventData,
        })),
      );
    }
    // Published, or erased before it was: either way no longer pending.
    if (rows.length > 0) await client.query({ ...DEQUEUE, values: [rows.map((r) => r.id)] });
    await client.query("COMMIT");
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
