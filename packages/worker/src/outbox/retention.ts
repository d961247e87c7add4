import { envInt } from "@hireflow/config";
import { logger } from "@hireflow/core";
import { getPrisma, type PrismaClient } from "@hireflow/db";
import { defineSchedule } from "../runtime/index.ts";

export const DEFAULT_EVENTS_RETENTION_DAYS = 30;
const BATCH = 1_000;

/** EVENTS_RETENTION_DAYS: how long events (GET /api/v1/events, the outbox) are kept. */
export function eventsRetentionDays(): number {
  return envInt("EVENTS_RETENTION_DAYS", DEFAULT_EVENTS_RETENTION_DAYS);
}

/**
 * Deletes events that occurred more than `retentionDays` ago, a batch at a time (each batch is its
 * own short statement, so a large backlog never holds long locks). The webhook deliveries of a
 * deleted event go with it (webhook_deliveries.event_id is ON DELETE CASCADE): the delivery log
 * keeps what the Events API keeps. Two kinds of old rows are left for later: an event still
 * unpublished (the outbox sweep owes it to the job driver) and one with a delivery still pending
 * (its retries need the event; they end within about a day and a half unless the schedule was
 * configured longer than the retention). Rows are claimed with SKIP LOCKED, so concurrent passes
 * (several processes, or Inngest and a timer) split the work instead of waiting on each other.
 */
export async function pruneOldEvents(
  prisma: PrismaClient = getPrisma(),
  options: { retentionDays?: number; batchSize?: number } = {},
): Promise<number> {
  const days = options.retentionDays ?? eventsRetentionDays();
  const batch = options.batchSize ?? BATCH;
  let deleted = 0;
  for (;;) {
    const count = await prisma.$executeRaw`
      DELETE FROM events WHERE id IN (
        SELECT ev.id FROM events ev
        WHERE ev.occurred_at < now() - make_interval(days => ${days}::int)
          AND NOT EXISTS (SELECT 1 FROM pending_events p WHERE p.event_id = ev.id)
          AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.event_id = ev.id AND d.status = 'pending')
        ORDER BY ev.occurred_at
        LIMIT ${batch}
        FOR UPDATE OF ev SKIP LOCKED)`;
    deleted += count;
    if (count < batch) break;
  }
  if (deleted > 0) logger.info("deleted events past their retention", { count: deleted, retention_days: days });
  return deleted;
}

/** Hourly, on Inngest or in-process. */
export const eventRetentionSchedule = defineSchedule({
  id: "events-retention",
  cron: "41 * * * *",
  intervalMs: () => envInt("EVENTS_RETENTION_INTERVAL_MS", 60 * 60 * 1000),
  run: () => pruneOldEvents(),
});
