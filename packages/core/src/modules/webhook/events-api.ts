import { type Event, type Prisma } from "@hireflow/db";
import { type ServiceContext } from "../../kernel/context.ts";
import { type EventDto, type ListEventsInput, type WebhookEventType } from "./contract/event.ts";
import { AppError } from "../../kernel/errors.ts";
import { WEBHOOK_EVENT_TYPES } from "../../kernel/contract/event-types.ts";
import { DEFAULT_PAGE_SIZE, decodeTimeCursor, timePage } from "../../kernel/pagination.ts";
import { webhookPayloads } from "./payload.ts";

/**
 * The Events API: the outbox rows a webhook endpoint could subscribe to (WEBHOOK_EVENT_TYPES),
 * whether or not the company has an endpoint, each with the body its deliveries carry. Internal
 * events (`candidate/…`, `webhook/…`) and webhook.test are never shown. Rows are kept
 * EVENTS_RETENTION_DAYS (the events-retention schedule in packages/worker).
 */
const LISTED: readonly string[] = WEBHOOK_EVENT_TYPES;

async function serializeEvents(svc: ServiceContext, rows: Event[]): Promise<EventDto[]> {
  const events = rows.map((row) => ({ id: row.id, companyId: row.companyId, type: row.type, payload: row.payload as Record<string, unknown>, occurredAt: row.occurredAt }));
  const payloads = await webhookPayloads(svc.db, events);
  return rows.map((row, i) => ({ id: row.id, type: row.type as WebhookEventType, occurred_at: row.occurredAt.toISOString(), payload: payloads[i]! }));
}

/** Newest first, by (occurred_at, id); filters `type`, `created_after` (occurred_at) and `candidate_id` (payload.candidate.id). */
export async function listEvents(svc: ServiceContext, input: ListEventsInput) {
  const limit = input.limit ?? DEFAULT_PAGE_SIZE;
  const after = decodeTimeCursor(input.cursor);
  const where: Prisma.EventWhereInput = {
    type: { in: [...(input.type ?? LISTED)] },
    ...(input.created_after === undefined ? {} : { occurredAt: { gt: new Date(input.created_after) } }),
    // The scoped client adds company_id; the JSON path keeps the match exact (5 is not "5").
    ...(input.candidate_id === undefined ? {} : { payload: { path: ["candidate", "id"], equals: input.candidate_id } }),
  };
  const rows = await svc.db.event.findMany({
    where: after === undefined ? where : { AND: [where, { OR: [{ occurredAt: { lt: after.at } }, { occurredAt: after.at, id: { lt: after.id } }] }] },
    orderBy: [{ occurredAt: "desc" }, { id: "desc" }],
    take: limit + 1,
  });
  const { items, pagination } = timePage(rows, limit, (row) => row.occurredAt);
  return { data: await serializeEvents(svc, items), pagination };
}

export async function getEvent(svc: ServiceContext, id: string): Promise<EventDto> {
  const row = await svc.db.event.findFirst({ where: { id, type: { in: [...LISTED] } } });
  if (!row) throw AppError.notFound("Event", id);
  const [event] = await serializeEvents(svc, [row]);
  return event!;
}
