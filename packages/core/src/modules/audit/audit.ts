import { type Prisma } from "@hireflow/db";
import {
  actionsOfKind,
  SIGN_IN_ACTIONS,
  type AuditAction,
  type AuditActorType,
  type AuditEntryDto,
  type AuditLogFilters,
  type AuditTargetType,
  type ListAuditLogInput,
} from "./contract/audit-log.ts";
import { type UserRole } from "../../kernel/roles.ts";
import { type ServiceContext } from "../../kernel/context.ts";
import { AppError } from "../../kernel/errors.ts";
import { type ScopedDb, type ScopedTx } from "../../kernel/tenancy.ts";
import { csvDocument } from "../../kernel/csv.ts";
import { DEFAULT_PAGE_SIZE } from "../../kernel/pagination.ts";
import { entryNames } from "./entry-names.ts";

/**
 * The audit log: who did what, when, from where (docs/WEB-APP.md "Audit log"). `recordAudit` is the one way
 * an entry is written — by the service that makes the change, inside its transaction when it has
 * one, with the actor and IP of its ServiceContext. There is no update or delete function, and the
 * database refuses UPDATE (trigger audit_log_append_only); entries go only with their company.
 */
export interface AuditTarget {
  type: AuditTargetType;
  id: string | number;
  /** A snapshot (an e-mail, a name): the entry keeps it after the target is gone. Never personal data of an erased candidate. */
  label?: string | null;
}

export interface AuditEntryInput {
  action: AuditAction;
  target?: AuditTarget;
  /** What changed (before/after values, scopes, roles); never a secret. */
  data?: Record<string, unknown>;
  /** Nobody signed in (a failed sign-in): the label says who was claimed (the e-mail tried). */
  anonymous?: { label: string };
}

/** What recordAudit reads of a ServiceContext. */
export type AuditContext = Pick<ServiceContext, "companyId" | "actor" | "ip">;

type AuditDb = ScopedDb | ScopedTx;

/** Writes one entry with `db` (the caller's transaction, so it commits or rolls back with the change). */
export async function recordAudit(db: AuditDb, svc: AuditContext, entry: AuditEntryInput): Promise<void> {
  const actor = entry.anonymous ? { type: "anonymous" as const, label: entry.anonymous.label } : await describeActor(db, svc);
  await db.auditLogEntry.create({
    // companyId explicitly too: the entry belongs to the context's company whatever client writes it.
    data: {
      companyId: svc.companyId,
      action: entry.action,
      actorType: actor.type,
      actorUserId: actor.type === "user" ? actor.userId : null,
      actorApiKeyId: actor.type === "api_key" ? actor.apiKeyId : null,
      actorLabel: actor.label.slice(0, 300),
      ip: svc.ip ?? null,
      targetType: entry.target?.type ?? null,
      targetId: entry.target ? String(entry.target.id) : null,
      targetLabel: entry.target?.label?.slice(0, 300) ?? null,
      data: (entry.data ?? undefined) as Prisma.InputJsonValue | undefined,
    },
  });
}

/**
 * For a company's settings: one entry of `action` holding each setting that changed as
 * `{name: {from, to}}` (`fields` pairs the API's name with the row's field), or nothing when none did.
 */
export async function recordSettingChanges<Row extends Record<string, unknown>>(
  db: AuditDb,
  svc: AuditContext,
  action: AuditAction,
  before: Row,
  after: Row,
  fields: readonly (readonly [string, keyof Row])[],
): Promise<void> {
  // JSON comparison: arrays (allowed origins) are equal by value.
  const changed = fields.filter(([, field]) => JSON.stringify(before[field]) !== JSON.stringify(after[field]));
  if (changed.length === 0) return;
  const data = Object.fromEntries(changed.map(([name, field]) => [name, { from: before[field], to: after[field] }]));
  await recordAudit(db, svc, { action, target: { type: "company", id: svc.companyId }, data });
}

type DescribedActor =
  | { type: "user"; userId: string; label: string }
  | { type: "api_key"; apiKeyId: number; label: string }
  | { type: Exclude<AuditActorType, "user" | "api_key">; label: string };

/** The actor's label as of now: a user's e-mail, a key's name and prefix. */
async function describeActor(db: AuditDb, svc: AuditContext): Promise<DescribedActor> {
  const actor = svc.actor;
  switch (actor.type) {
    case "user": {
      const user = await db.user.findFirst({ where: { id: actor.userId, companyId: svc.companyId }, select: { email: true } });
      return { type: "user", userId: actor.userId, label: user?.email ?? `user ${actor.userId}` };
    }
    case "api": {
      const key = await db.apiKey.findFirst({ where: { id: actor.apiKeyId, companyId: svc.companyId }, select: { name: true, prefix: true } });
      return { type: "api_key", apiKeyId: actor.apiKeyId, label: key ? `${key.name} (${key.prefix}…)` : `API key ${actor.apiKeyId}` };
    }
    case "ai_agent":
      return { type: "system", label: "AI agent" };
    case "system":
      return { type: "system", label: "system" };
  }
}

type EntryRow = Prisma.AuditLogEntryGetPayload<object>;

function serializeEntry(row: EntryRow, roles: ReadonlyMap<string, UserRole> = new Map()): AuditEntryDto {
  return {
    id: row.id,
    action: row.action,
    actor: {
      type: row.actorType,
      id: row.actorUserId ?? (row.actorApiKeyId === null ? null : String(row.actorApiKeyId)),
      label: row.actorLabel,
      role: row.actorUserId === null ? null : (roles.get(row.actorUserId) ?? null),
    },
    ip: row.ip,
    target: row.targetType === null ? null : { type: row.targetType, id: row.targetId, label: row.targetLabel },
    data: (row.data ?? null) as Record<string, unknown> | null,
    created_at: row.createdAt.toISOString(),
  };
}

function filterWhere(filters: AuditLogFilters): Prisma.AuditLogEntryWhereInput {
  const where: Prisma.AuditLogEntryWhereInput = {};
  const actions: Prisma.StringFilter[] = [];
  if (filters.action) actions.push({ equals: filters.action });
  if (filters.kind) actions.push({ in: actionsOfKind(filters.kind) });
  // Hiding sign-ins gives way to a filter that asks for them.
  if (filters.sign_ins === "hide" && !filters.action && filters.kind !== "sign_ins") actions.push({ notIn: SIGN_IN_ACTIONS });
  if (actions.length) where.AND = actions.map((action) => ({ action }));
  if (filters.actor) {
    const [type, id] = filters.actor.split(":") as [AuditActorType, string | undefined];
    where.actorType = type;
    if (type === "user") where.actorUserId = id!;
    if (type === "api_key") where.actorApiKeyId = Number(id);
  }
  return where;
}

/** Newest first: (created_at, id) descending, the order of the index audit_log(company_id, created_at DESC, id DESC). */
const ORDER = [{ createdAt: "desc" }, { id: "desc" }] as const satisfies Prisma.AuditLogEntryOrderByWithRelationInput[];

function encodeAuditCursor(row: { id: number; createdAt: Date }): string {
  return Buffer.from(JSON.stringify({ v: 1, id: row.id, at: row.createdAt.toISOString() })).toString("base64url");
}

function decodeAuditCursor(cursor: string | undefined): { id: number; at: Date } | undefined {
  if (cursor === undefined) return undefined;
  try {
    if (/^[A-Za-z0-9_-]{1,200}$/.test(cursor)) {
      const parsed = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as { v?: unknown; id?: unknown; at?: unknown };
      const at = typeof parsed.at === "string" ? new Date(parsed.at) : undefined;
      if (parsed.v === 1 && Number.isSafeInteger(parsed.id) && (parsed.id as number) > 0 && at && !Number.isNaN(at.getTime())) return { id: parsed.id as number, at };
    }
  } catch {
    // fall through
  }
  throw new AppError("bad_request", "The cursor is invalid; pass pagination.next_cursor from a previous page");
}

/** Rows after the cursor (keyset on created_at, id), newest first. */
async function auditRows(svc: ServiceContext, filters: AuditLogFilters, after: { id: number; at: Date } | undefined, take: number): Promise<EntryRow[]> {
  const keyset: Prisma.AuditLogEntryWhereInput = after ? { OR: [{ createdAt: { lt: after.at } }, { createdAt: after.at, id: { lt: after.id } }] } : {};
  return svc.db.auditLogEntry.findMany({ where: { ...filterWhere(filters), ...keyset }, orderBy: [...ORDER], take });
}

/** Settings → Audit log: one page of entries, filtered by action, kind and actor, with the names of the ids they hold. */
export async function listAuditLog(svc: ServiceContext, input: ListAuditLogInput) {
  const limit = input.limit ?? DEFAULT_PAGE_SIZE;
  const rows = await auditRows(svc, input, decodeAuditCursor(input.cursor), limit + 1);
  const hasMore = rows.length > limit;
  const items = hasMore ? rows.slice(0, limit) : rows;
  const last = items.at(-1);
  // The members' roles as of now, in one query for the page (a removed member has none).
  const userIds = [...new Set(items.flatMap((row) => (row.actorUserId === null ? [] : [row.actorUserId])))];
  const members = userIds.length ? await svc.db.user.findMany({ where: { id: { in: userIds } }, select: { id: true, role: true } }) : [];
  const roles = new Map(members.map((m) => [m.id, m.role as UserRole]));
  const data = items.map((row) => serializeEntry(row, roles));
  return { data, pagination: { next_cursor: hasMore && last ? encodeAuditCursor(last) : null, has_more: hasMore }, names: await entryNames(svc, data) };
}

/** The actors the filter offers: current members, every API key (revoked ones too), the service, failed sign-ins. */
export async function listAuditActors(svc: ServiceContext): Promise<{ value: string; label: string }[]> {
  const [users, keys] = await Promise.all([
    svc.db.user.findMany({ select: { id: true, email: true }, orderBy: { email: "asc" } }),
    svc.db.apiKey.findMany({ select: { id: true, name: true, prefix: true }, orderBy: { id: "desc" } }),
  ]);
  return [
    ...users.map((u) => ({ value: `user:${u.id}`, label: u.email })),
    ...keys.map((k) => ({ value: `api_key:${k.id}`, label: `API key ${k.name} (${k.prefix}…)` })),
    { value: "system", label: "System (CLI, schedules)" },
    { value: "anonymous", label: "Not signed in (failed sign-ins)" },
  ];
}

/** At most this many entries in one CSV download; narrow the filters for more. */
export const AUDIT_CSV_MAX_ROWS = 50_000;
const CSV_BATCH = 1000;

export const AUDIT_CSV_HEADER = ["time", "action", "actor_type", "actor_id", "actor", "ip", "target_type", "target_id", "target", "data"] as const;

/**
 * The filtered log as CSV (newest first, at most AUDIT_CSV_MAX_ROWS), read in keyset batches. Cells
 * starting with =, +, -, @ are prefixed with ' by csvDocument (no formulas in a spreadsheet).
 */
export async function auditLogCsv(svc: ServiceContext, filters: AuditLogFilters): Promise<string> {
  const rows: unknown[][] = [];
  let after: { id: number; at: Date } | undefined;
  while (rows.length < AUDIT_CSV_MAX_ROWS) {
    const batch = await auditRows(svc, filters, after, Math.min(CSV_BATCH, AUDIT_CSV_MAX_ROWS - rows.length));
    for (const row of batch) {
      const entry = serializeEntry(row);
      rows.push([
        entry.created_at,
        entry.action,
        entry.actor.type,
        entry.actor.id,
        entry.actor.label,
        entry.ip,
        entry.target?.type,
        entry.target?.id,
        entry.target?.label,
        entry.data === null ? null : JSON.stringify(entry.data),
      ]);
    }
    if (batch.length < CSV_BATCH) break;
    const last = batch.at(-1)!;
    after = { id: last.id, at: last.createdAt };
  }
  return csvDocument(AUDIT_CSV_HEADER, rows);
}
