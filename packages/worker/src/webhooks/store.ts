import { type DeliveredEvent } from "@hireflow/core";
import { backgroundPoolOf, type PrismaClient } from "@hireflow/db";
import { attemptLeaseMs, FAILING_ENDPOINT_DISABLE_MS } from "./config.ts";

/**
 * The delivery rows are the durable state of webhooks; the job runs only drive them. Every write
 * that starts an attempt is a conditional UPDATE on (status, attempt_count), so however many runs
 * or sweepers race for a delivery, each attempt number is claimed — and sent — once.
 *
 * The statements every delivery makes (create, claim, record) are named statements on the client's
 * background pool (packages/db client.ts): a fraction of the CPU of the same SQL through $queryRaw,
 * paid once per webhook, and never queued behind the API's requests (docs/BENCHMARKS.md, webhooks).
 * The rare ones stay on $executeRaw.
 */

/**
 * The outbox's webhook events published in one statement, committed on its own: it claims the oldest
 * pending rows of any type (FOR UPDATE SKIP LOCKED, so two processes never take one row), deletes the
 * queued rows of the webhook events among them from pending_events and writes every enabled, subscribed endpoint's
 * delivery of each (a `webhook.test` only to the endpoint it names). Published and fanned out commit
 * together, so no event is published without its deliveries, and a replay inserts nothing twice. The
 * other rows it saw stay pending for the publisher's transaction (outbox/publisher.ts): it answers how
 * many there were. A pending row whose event is gone (erased before it was published) is deleted with
 * nothing fanned out.
 * One round trip where BEGIN, claim, fan-out, mark and COMMIT took five; the event rows are only read
 * (docs/BENCHMARKS.md, webhooks).
 */
const PUBLISH_WEBHOOK_EVENTS = {
  name: "hireflow_outbox_publish_webhook_events",
  text: `WITH claimed AS (
      -- FOR UPDATE SKIP LOCKED, oldest first, always by the index (migration 20261206010000).
      SELECT event_id, type FROM claim_pending_events($1::float8, $2::int)
    ), published AS (
      DELETE FROM pending_events p USING claimed
      WHERE p.event_id = claimed.event_id AND claimed.type = ANY($3::text[])
      RETURNING p.event_id
    ), created AS (
      INSERT INTO webhook_deliveries (company_id, event_id, endpoint_id, next_attempt_at, updated_at)
      SELECT ev.company_id, ev.id, e.id, now(), now()
      FROM published JOIN events ev ON ev.id = published.event_id
      JOIN webhook_endpoints e ON e.company_id = ev.company_id AND e.enabled
        -- an endpoint receives the events that happened after it was registered
        AND e.created_at <= ev.occurred_at
      WHERE CASE WHEN ev.type = 'webhook.test' THEN e.id::text = ev.payload->'webhook_endpoint'->>'id'
                 ELSE cardinality(e.events) = 0 OR ev.type = ANY(e.events) END
      ORDER BY ev.occurred_at, e.id
      -- An endpoint deleted (or disabled) while this runs is skipped, not inserted against: without the
      -- lock the SELECT saw it and the foreign key check then failed the whole batch.
      FOR KEY SHARE OF e
      ON CONFLICT (event_id, endpoint_id) DO NOTHING
      RETURNING id
    )
    SELECT (SELECT count(*) FROM claimed)::int AS claimed,
      (SELECT count(*) FROM claimed WHERE NOT claimed.type = ANY($3::text[]))::int AS others,
      coalesce((SELECT array_agg(id ORDER BY id) FROM created), '{}') AS "deliveryIds"`,
};

export interface PublishedWebhookEvents {
  /** Pending rows the statement claimed, of every type. */
  claimed: number;
  /** Of those, the rows that are not webhook events (left pending). */
  others: number;
  deliveryIds: number[];
}

export async function publishWebhookEvents(client: Queryable, options: { olderThanSeconds: number; limit: number; types: readonly string[] }): Promise<PublishedWebhookEvents> {
  const { rows } = await client.query<PublishedWebhookEvents>({ ...PUBLISH_WEBHOOK_EVENTS, values: [options.olderThanSeconds, options.limit, options.types] });
  return rows[0]!;
}

interface Queryable {
  query<R extends object>(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: R[] }>;
}

export interface ClaimedAttempt {
  deliveryId: number;
  /** This attempt's number (attempt_count after the claim). */
  attempt: number;
  startedAt: Date;
  url: string;
  /** The endpoint's secret, then the one its last rotation replaced while that one's grace period lasts. */
  secrets: string[];
  endpointId: number;
  /** The endpoint's opt-in: scorecard.submitted bodies carry the notes. */
  includeScorecardNotes: boolean;
  event: DeliveredEvent;
}

/**
 * Claims attempt `expected + 1` of a pending delivery to an enabled endpoint, and leases the row
 * (next_attempt_at) for the attempt's duration. Null when another run got there first, the
 * delivery is finished, or the endpoint is gone or disabled. It returns everything the attempt sends,
 * the signing secrets included, so an attempt needs no further read of the endpoint.
 */
const CLAIM_ATTEMPT = {
  name: "hireflow_webhook_claim_attempt",
  text: `UPDATE webhook_deliveries d
    SET attempt_count = d.attempt_count + 1, last_attempt_at = now(), updated_at = now(),
        next_attempt_at = now() + make_interval(secs => $3::float8)
    FROM webhook_endpoints e, events ev
    WHERE d.id = $1 AND d.status = 'pending' AND d.attempt_count = $2
      AND e.id = d.endpoint_id AND e.enabled AND ev.id = d.event_id
    RETURNING d.attempt_count, d.last_attempt_at, e.url, e.secret,
      -- a rotated-out secret signs too until its grace period ends (the attempt's clock: now())
      CASE WHEN e.previous_secret_expires_at > now() THEN e.previous_secret END AS previous_secret,
      e.id AS endpoint_id, e.include_scorecard_notes, ev.id AS event_id, ev.company_id, ev.type, ev.payload, ev.occurred_at`,
};

export async function claimAttempt(prisma: PrismaClient, deliveryId: number, expected: number): Promise<ClaimedAttempt | null> {
  const { rows } = await backgroundPoolOf(prisma).query<Omit<ClaimRow, "delivery_id">>({ ...CLAIM_ATTEMPT, values: [deliveryId, expected, attemptLeaseMs() / 1000] });
  return rows[0] ? claimOf({ ...rows[0], delivery_id: deliveryId }) : null;
}

type ClaimRow = {
  delivery_id: number;
  attempt_count: number;
  last_attempt_at: Date;
  url: string;
  secret: string;
  previous_secret: string | null;
  endpoint_id: number;
  include_scorecard_notes: boolean;
  event_id: string;
  company_id: number;
  type: string;
  payload: Record<string, unknown>;
  occurred_at: Date;
};

function claimOf(row: ClaimRow): ClaimedAttempt {
  return {
    deliveryId: row.delivery_id,
    attempt: row.attempt_count,
    startedAt: row.last_attempt_at,
    url: row.url,
    secrets: row.previous_secret === null ? [row.secret] : [row.secret, row.previous_secret],
    endpointId: row.endpoint_id,
    includeScorecardNotes: row.include_scorecard_notes,
    event: { id: row.event_id, companyId: row.company_id, type: row.type, payload: row.payload, occurredAt: row.occurred_at },
  };
}

/**
 * CLAIM_ATTEMPT for the first attempt of many deliveries in one statement (the batched first
 * attempts, deliver-batch.ts). A delivery another run already claimed, finished, or whose endpoint
 * is gone or disabled is left out; the caller fails those of a disabled endpoint.
 */
const CLAIM_FIRST_ATTEMPTS = {
  name: "hireflow_webhook_claim_first_attempts",
  text: `UPDATE webhook_deliveries d
    SET attempt_count = 1, last_attempt_at = now(), updated_at = now(),
        next_attempt_at = now() + make_interval(secs => $2::float8)
    FROM webhook_endpoints e, events ev
    WHERE d.id = ANY($1::int[]) AND d.status = 'pending' AND d.attempt_count = 0
      AND e.id = d.endpoint_id AND e.enabled AND ev.id = d.event_id
    RETURNING d.id AS delivery_id, d.attempt_count, d.last_attempt_at, e.url, e.secret,
      CASE WHEN e.previous_secret_expires_at > now() THEN e.previous_secret END AS previous_secret,
      e.id AS endpoint_id, e.include_scorecard_notes, ev.id AS event_id, ev.company_id, ev.type, ev.payload, ev.occurred_at`,
};

export async function claimFirstAttempts(prisma: PrismaClient, deliveryIds: readonly number[]): Promise<ClaimedAttempt[]> {
  if (deliveryIds.length === 0) return [];
  const { rows } = await backgroundPoolOf(prisma).query<ClaimRow>({ ...CLAIM_FIRST_ATTEMPTS, values: [deliveryIds, attemptLeaseMs() / 1000] });
  return rows.map(claimOf);
}

/** The deliveries of `ids` still waiting for their first attempt whose endpoint was disabled meanwhile: failed unsent. */
export async function failFirstAttemptsOfDisabledEndpoints(prisma: PrismaClient, deliveryIds: readonly number[]): Promise<number> {
  if (deliveryIds.length === 0) return 0;
  return prisma.$executeRaw`
    UPDATE webhook_deliveries d SET status = 'failed', next_attempt_at = NULL, last_error = 'Endpoint disabled', updated_at = now()
    FROM webhook_endpoints e
    WHERE d.id = ANY(${deliveryIds as number[]}::int[]) AND d.status = 'pending' AND d.attempt_count = 0 AND e.id = d.endpoint_id AND NOT e.enabled`;
}

/** A pending delivery whose endpoint was disabled meanwhile is failed without being sent. */
export async function failIfEndpointDisabled(prisma: PrismaClient, deliveryId: number, expected: number): Promise<boolean> {
  const count = await prisma.$executeRaw`
    UPDATE webhook_deliveries d SET status = 'failed', next_attempt_at = NULL, last_error = 'Endpoint disabled', updated_at = now()
    FROM webhook_endpoints e
    WHERE d.id = ${deliveryId} AND d.status = 'pending' AND d.attempt_count = ${expected} AND e.id = d.endpoint_id AND NOT e.enabled`;
  return count > 0;
}

export interface AttemptRecord {
  statusCode: number | null;
  error: string | null;
  responseMs: number;
  excerpt: string | null;
  status: "pending" | "succeeded" | "failed";
  nextAttemptAt: Date | null;
}

const RECORD_ATTEMPT = {
  name: "hireflow_webhook_record_attempt",
  text: `UPDATE webhook_deliveries SET
      status = $3::webhook_delivery_status,
      attempts = attempts || $4::jsonb,
      last_status_code = $5, last_error = $6, last_response_ms = $7,
      response_excerpt = $8, next_attempt_at = $9, updated_at = now()
    WHERE id = $1 AND attempt_count = $2`,
};

/** Appends the attempt to the row and sets the delivery's state; only the claimant of the attempt writes. */
export async function recordAttempt(prisma: PrismaClient, claim: ClaimedAttempt, record: AttemptRecord): Promise<void> {
  const entry = [attemptEntry(claim, record)];
  await backgroundPoolOf(prisma).query({
    ...RECORD_ATTEMPT,
    values: [claim.deliveryId, claim.attempt, record.status, JSON.stringify(entry), record.statusCode, record.error, record.responseMs, record.excerpt, record.nextAttemptAt],
  });
}

/** RECORD_ATTEMPT for many attempts in one statement: each row written only by its attempt's claimant. */
const RECORD_ATTEMPTS = {
  name: "hireflow_webhook_record_attempts",
  text: `UPDATE webhook_deliveries d SET
      status = r.status::webhook_delivery_status,
      attempts = d.attempts || r.entry,
      last_status_code = r.status_code, last_error = r.error, last_response_ms = r.response_ms,
      response_excerpt = r.excerpt, next_attempt_at = r.next_attempt_at, updated_at = now()
    FROM unnest($1::int[], $2::int[], $3::text[], $4::jsonb[], $5::int[], $6::text[], $7::int[], $8::text[], $9::timestamptz[])
      AS r(id, attempt, status, entry, status_code, error, response_ms, excerpt, next_attempt_at)
    WHERE d.id = r.id AND d.attempt_count = r.attempt`,
};

export async function recordAttempts(prisma: PrismaClient, attempts: ReadonlyArray<{ claim: ClaimedAttempt; record: AttemptRecord }>): Promise<void> {
  if (attempts.length === 0) return;
  const column = <T>(pick: (a: { claim: ClaimedAttempt; record: AttemptRecord }) => T) => attempts.map(pick);
  await backgroundPoolOf(prisma).query({
    ...RECORD_ATTEMPTS,
    values: [
      column((a) => a.claim.deliveryId),
      column((a) => a.claim.attempt),
      column((a) => a.record.status),
      column((a) => JSON.stringify([attemptEntry(a.claim, a.record)])),
      column((a) => a.record.statusCode),
      column((a) => a.record.error),
      column((a) => a.record.responseMs),
      column((a) => a.record.excerpt),
      column((a) => a.record.nextAttemptAt),
    ],
  });
}

const attemptEntry = (claim: ClaimedAttempt, record: AttemptRecord) => ({
  attempt: claim.attempt,
  at: claim.startedAt.toISOString(),
  status_code: record.statusCode,
  error: record.error,
  response_ms: record.responseMs,
});

export async function disableEndpoint(prisma: PrismaClient, endpointId: number, reason: string): Promise<void> {
  await prisma.$executeRaw`
    UPDATE webhook_endpoints SET enabled = false, disabled_reason = ${reason}, disabled_at = now(), updated_at = now()
    WHERE id = ${endpointId} AND enabled`;
}

/**
 * After a delivery fails for good: disables the endpoint when every delivery since its last success
 * (or its last re-enabling, marked by disabled_at) has failed, and the first of them is 5 days old.
 */
export async function disableIfFailingTooLong(prisma: PrismaClient, endpointId: number): Promise<boolean> {
  const count = await prisma.$executeRaw`
    UPDATE webhook_endpoints e SET enabled = false, disabled_at = now(), updated_at = now(),
      disabled_reason = 'Every delivery failed for 5 days'
    WHERE e.id = ${endpointId} AND e.enabled AND (
      SELECT min(d.created_at) FROM webhook_deliveries d
      WHERE d.endpoint_id = e.id AND d.status = 'failed' AND d.created_at > GREATEST(
        COALESCE(e.disabled_at, '-infinity'::timestamptz),
        COALESCE((SELECT max(s.last_attempt_at) FROM webhook_deliveries s WHERE s.endpoint_id = e.id AND s.status = 'succeeded'), '-infinity'::timestamptz))
    ) <= now() - make_interval(secs => ${FAILING_ENDPOINT_DISABLE_MS / 1000})`;
  return count > 0;
}

export interface DueDelivery {
  id: number;
  attemptCount: number;
  leasedUntil: Date;
}

/**
 * Pending deliveries overdue by `marginMs` (no run is driving them: a crash, a lost event), leased
 * again so that concurrent sweepers take each one once. `dispatch` runs before the lease commits.
 */
export async function leaseOverdueDeliveries(
  prisma: PrismaClient,
  marginMs: number,
  limit: number,
  dispatch: (due: DueDelivery[]) => Promise<void>,
): Promise<number> {
  return prisma.$transaction(async (tx) => {
    const rows = await tx.$queryRaw<{ id: number; attempt_count: number; next_attempt_at: Date }[]>`
      UPDATE webhook_deliveries SET next_attempt_at = now() + make_interval(secs => ${attemptLeaseMs() / 1000}), updated_at = now()
      WHERE id IN (
        SELECT id FROM webhook_deliveries
        WHERE status = 'pending' AND next_attempt_at < now() - make_interval(secs => ${marginMs / 1000})
        ORDER BY next_attempt_at LIMIT ${limit} FOR UPDATE SKIP LOCKED)
      RETURNING id, attempt_count, next_attempt_at`;
    if (rows.length > 0) await dispatch(rows.map((r) => ({ id: r.id, attemptCount: r.attempt_count, leasedUntil: r.next_attempt_at })));
    return rows.length;
  });
}

/**
 * Forgets previous secrets whose grace period is over (every company's: maintenance, not a read).
 * They are already ignored when signing; this keeps them from lingering in the database and its
 * backups. Returns how many endpoints it cleared.
 */
export async function forgetExpiredPreviousSecrets(prisma: PrismaClient): Promise<number> {
  return prisma.$executeRaw`
    UPDATE webhook_endpoints SET previous_secret = NULL, previous_secret_expires_at = NULL
    WHERE previous_secret_expires_at <= now()`;
}
