import { randomBytes } from "node:crypto";
import { type Prisma, type WebhookDelivery, type WebhookEndpoint } from "@hireflow/db";
import { type ServiceContext } from "../../kernel/context.ts";
import {
  type CreateWebhookEndpointInput,
  MAX_SECRET_GRACE_SECONDS,
  type RotateWebhookSecretInput,
  type UpdateWebhookEndpointInput,
  type WebhookAttemptDto,
  type WebhookDeliveryDto,
  type WebhookEndpointDto,
  type WebhookEndpointWithSecretDto,
} from "./contract/webhook-endpoint.ts";
import { AppError } from "../../kernel/errors.ts";
import { tenantRow } from "../../kernel/tenancy.ts";
import { recordAudit } from "../audit/audit.ts";
import { notifyEventsCommitted, recordEvent } from "../../kernel/outbox.ts";
import { DEFAULT_PAGE_SIZE, decodeCursor, page } from "../../kernel/pagination.ts";
import { assertWebhookUrlAllowed } from "../../kernel/outbound-url.ts";

export const WEBHOOK_SECRET_PREFIX = "whsec_";

/** `whsec_` + base64 of 32 random bytes (the Standard Webhooks format). */
export function generateWebhookSecret(): string {
  return `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString("base64")}`;
}

export function serializeWebhookEndpoint(e: WebhookEndpoint): WebhookEndpointDto {
  return {
    id: e.id,
    url: e.url,
    description: e.description,
    events: e.events,
    enabled: e.enabled,
    include_scorecard_notes: e.includeScorecardNotes,
    disabled_reason: e.enabled ? null : e.disabledReason,
    // Kept after re-enabling: it starts the window of the "failing for 5 days" rule.
    disabled_at: e.enabled || !e.disabledAt ? null : e.disabledAt.toISOString(),
    // Only while the previous secret still signs deliveries (the claim compares with the database clock).
    previous_secret_expires_at:
      e.previousSecret !== null && e.previousSecretExpiresAt !== null && e.previousSecretExpiresAt.getTime() > Date.now()
        ? e.previousSecretExpiresAt.toISOString()
        : null,
    created_at: e.createdAt.toISOString(),
    updated_at: e.updatedAt.toISOString(),
  };
}

function withSecret(e: WebhookEndpoint): WebhookEndpointWithSecretDto {
  return { ...serializeWebhookEndpoint(e), secret: e.secret };
}

async function findEndpoint(svc: ServiceContext, id: number): Promise<WebhookEndpoint> {
  const endpoint = await svc.db.webhookEndpoint.findUnique({ where: { id } });
  if (!endpoint) throw AppError.notFound("Webhook endpoint", id);
  return endpoint;
}

export async function createWebhookEndpoint(svc: ServiceContext, input: CreateWebhookEndpointInput): Promise<WebhookEndpointWithSecretDto> {
  await assertWebhookUrlAllowed(input.url);
  const endpoint = await svc.db.$transaction(async (tx) => {
    const created = await tx.webhookEndpoint.create({
      data: tenantRow<Prisma.WebhookEndpointUncheckedCreateInput>({
        url: input.url,
        events: input.events ?? [],
        description: input.description || null,
        includeScorecardNotes: input.include_scorecard_notes ?? false,
        secret: generateWebhookSecret(),
      }),
    });
    await recordAudit(tx, svc, { action: "webhook_endpoint.created", target: endpointTarget(created), data: { events: created.events, include_scorecard_notes: created.includeScorecardNotes } });
    return created;
  });
  return withSecret(endpoint);
}

export async function listWebhookEndpoints(svc: ServiceContext, input: { limit?: number; cursor?: string }) {
  const limit = input.limit ?? DEFAULT_PAGE_SIZE;
  const before = decodeCursor(input.cursor);
  const rows = await svc.db.webhookEndpoint.findMany({
    where: before === undefined ? {} : { id: { lt: before } },
    orderBy: { id: "desc" },
    take: limit + 1,
  });
  return page(rows, limit, serializeWebhookEndpoint);
}

export async function getWebhookEndpoint(svc: ServiceContext, id: number): Promise<WebhookEndpointDto> {
  return serializeWebhookEndpoint(await findEndpoint(svc, id));
}

export async function updateWebhookEndpoint(svc: ServiceContext, input: UpdateWebhookEndpointInput): Promise<WebhookEndpointDto> {
  const { id, url, events, enabled, description, include_scorecard_notes } = input;
  const current = await findEndpoint(svc, id);
  if (url !== undefined) await assertWebhookUrlAllowed(url);
  const data: Prisma.WebhookEndpointUpdateInput = {
    ...(url !== undefined && { url }),
    ...(events !== undefined && { events }),
    ...(description !== undefined && { description: description || null }),
    ...(include_scorecard_notes !== undefined && include_scorecard_notes !== current.includeScorecardNotes && { includeScorecardNotes: include_scorecard_notes }),
  };
  if (enabled === true && !current.enabled) Object.assign(data, { enabled: true, disabledReason: null });
  if (enabled === false && current.enabled) Object.assign(data, { enabled: false, disabledReason: "Disabled through the API", disabledAt: new Date() });
  if (Object.keys(data).length === 0) return serializeWebhookEndpoint(current);
  const updated = await svc.db.$transaction(async (tx) => {
    const row = await tx.webhookEndpoint.update({ where: { id }, data });
    await recordAudit(tx, svc, { action: "webhook_endpoint.updated", target: endpointTarget(row), data: endpointChanges(current, row) });
    return row;
  });
  return serializeWebhookEndpoint(updated);
}

/** The audit target of an endpoint: its URL as label (never the secret). */
function endpointTarget(endpoint: Pick<WebhookEndpoint, "id" | "url">) {
  return { type: "webhook_endpoint" as const, id: endpoint.id, label: endpoint.url };
}

/** What an update changed, as { field: { from, to } }. */
function endpointChanges(before: WebhookEndpoint, after: WebhookEndpoint): Record<string, { from: unknown; to: unknown }> {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const field of ["url", "description", "events", "enabled"] as const) {
    if (JSON.stringify(before[field]) !== JSON.stringify(after[field])) changes[field] = { from: before[field], to: after[field] };
  }
  if (before.includeScorecardNotes !== after.includeScorecardNotes) changes.include_scorecard_notes = { from: before.includeScorecardNotes, to: after.includeScorecardNotes };
  return changes;
}

/** Deletes the endpoint and its delivery history; runs in flight find no endpoint and stop. */
export async function deleteWebhookEndpoint(svc: ServiceContext, id: number): Promise<{ id: number; deleted: true }> {
  await svc.db.$transaction(async (tx) => {
    const endpoint = await tx.webhookEndpoint.findUnique({ where: { id }, select: { id: true, url: true } });
    const { count } = await tx.webhookEndpoint.deleteMany({ where: { id } });
    if (!endpoint || count === 0) throw AppError.notFound("Webhook endpoint", id);
    await recordAudit(tx, svc, { action: "webhook_endpoint.deleted", target: endpointTarget(endpoint) });
  });
  return { id, deleted: true };
}

/**
 * A new secret signs every delivery attempt from now on (retries and redeliveries of earlier events
 * too). With a grace period the secret it replaces keeps signing as well — a second signature in
 * `webhook-signature` — for `expire_previous_in_seconds` (default 24 h; 0: it stops at once). Only
 * one previous secret is kept: rotating again within the window makes the secret being replaced the
 * previous one, and the older one stops at once.
 *
 * One UPDATE reads the current secret and replaces it, under the row lock, so concurrent rotations
 * queue up and none loses a secret it just returned; the transaction keeps the read that follows
 * consistent with it.
 */
export async function rotateWebhookSecret(svc: ServiceContext, input: RotateWebhookSecretInput): Promise<WebhookEndpointWithSecretDto> {
  const grace = input.expire_previous_in_seconds ?? MAX_SECRET_GRACE_SECONDS;
  const endpoint = await svc.db.$transaction(async (tx) => {
    // Raw SQL bypasses the scoping extension, so it filters by company itself.
    const updated = await tx.$executeRaw`
      UPDATE webhook_endpoints SET
        previous_secret = CASE WHEN ${grace}::int > 0 THEN secret END,
        previous_secret_expires_at = CASE WHEN ${grace}::int > 0 THEN now() + make_interval(secs => ${grace}::int) END,
        secret = ${generateWebhookSecret()}, updated_at = now()
      WHERE id = ${input.id} AND company_id = ${svc.companyId}`;
    if (updated === 0) throw AppError.notFound("Webhook endpoint", input.id);
    const rotated = await tx.webhookEndpoint.findUniqueOrThrow({ where: { id: input.id } });
    await recordAudit(tx, svc, { action: "webhook_endpoint.secret_rotated", target: endpointTarget(rotated), data: { expire_previous_in_seconds: grace } });
    return rotated;
  });
  return withSecret(endpoint);
}

/** Records a `webhook.test` event addressed to this endpoint only; it is delivered like any other. */
export async function sendWebhookTest(svc: ServiceContext, id: number) {
  const endpoint = await findEndpoint(svc, id);
  if (!endpoint.enabled) throw new AppError("conflict", "The webhook endpoint is disabled; enable it before sending a test event");
  const event = await svc.db.$transaction((tx) =>
    recordEvent(tx, "webhook.test", { webhook_endpoint: { id: endpoint.id }, company: { id: svc.companyId } }),
  );
  notifyEventsCommitted();
  return { event_id: event.id, event: "webhook.test" as const, webhook_endpoint_id: endpoint.id };
}

type DeliveryRow = WebhookDelivery & { event: { type: string } };

export function serializeWebhookDelivery(d: DeliveryRow): WebhookDeliveryDto {
  return {
    id: d.id,
    event_id: d.eventId,
    event_type: d.event.type,
    webhook_endpoint_id: d.endpointId,
    status: d.status,
    attempt_count: d.attemptCount,
    attempts: (d.attempts as WebhookAttemptDto[] | null) ?? [],
    last_status_code: d.lastStatusCode,
    last_error: d.lastError,
    last_response_ms: d.lastResponseMs,
    response_excerpt: d.responseExcerpt,
    next_attempt_at: d.status === "pending" && d.nextAttemptAt ? d.nextAttemptAt.toISOString() : null,
    last_attempt_at: d.lastAttemptAt?.toISOString() ?? null,
    created_at: d.createdAt.toISOString(),
    updated_at: d.updatedAt.toISOString(),
  };
}

const deliveryInclude = { event: { select: { type: true } } } as const;

export async function listWebhookDeliveries(
  svc: ServiceContext,
  input: { id: number; status?: "pending" | "succeeded" | "failed"; limit?: number; cursor?: string },
) {
  await findEndpoint(svc, input.id);
  const limit = input.limit ?? DEFAULT_PAGE_SIZE;
  const before = decodeCursor(input.cursor);
  const rows = await svc.db.webhookDelivery.findMany({
    where: {
      endpointId: input.id,
      ...(input.status === undefined ? {} : { status: input.status }),
      ...(before === undefined ? {} : { id: { lt: before } }),
    },
    include: deliveryInclude,
    orderBy: { id: "desc" },
    take: limit + 1,
  });
  return page(rows, limit, serializeWebhookDelivery);
}

/**
 * Starts a new run of attempts for a delivery (same event id, same body rules, the retry schedule
 * from the start). The row is reset and the request recorded in one transaction; a run still
 * sleeping on the old schedule finds the attempt count moved on and stops.
 */
export async function redeliverWebhook(svc: ServiceContext, id: number): Promise<WebhookDeliveryDto> {
  const delivery = await svc.db.$transaction(async (tx) => {
    // Raw SQL bypasses the scoping extension, so it filters by company itself.
    const locked = await tx.$queryRaw<{ attempt_count: number; enabled: boolean }[]>`
      SELECT d.attempt_count, e.enabled FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id
      WHERE d.id = ${id} AND d.company_id = ${svc.companyId} FOR UPDATE OF d`;
    const row = locked[0];
    if (!row) throw AppError.notFound("Webhook delivery", id);
    if (!row.enabled) throw new AppError("conflict", "The webhook endpoint is disabled; enable it before redelivering");
    const updated = await tx.webhookDelivery.update({
      where: { id },
      data: { status: "pending", nextAttemptAt: new Date() },
      include: deliveryInclude,
    });
    await recordEvent(tx, "webhook/delivery.requested", { delivery_id: id, attempt_count: row.attempt_count });
    return updated;
  });
  notifyEventsCommitted();
  return serializeWebhookDelivery(delivery);
}
