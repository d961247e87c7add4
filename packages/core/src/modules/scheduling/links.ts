import { randomBytes } from "node:crypto";
import { appBaseUrl } from "@hireflow/config";
import { type Prisma } from "@hireflow/db";
import { actorUserId, type ServiceContext } from "../../kernel/context.ts";
import { AppError } from "../../kernel/errors.ts";
import { DEFAULT_PAGE_SIZE, decodeCursorKey, page } from "../../kernel/pagination.ts";
import { type ScopedDb, type ScopedTx, tenantRow } from "../../kernel/tenancy.ts";
import { recordAudit } from "../audit/audit.ts";
import { queueSchedulingLinkEmail } from "../mail/candidate-emails.ts";
import {
  type CreateSchedulingLinkInput,
  DEFAULT_WINDOW_DAYS,
  type ListSchedulingLinksInput,
  MAX_RESCHEDULES,
  MAX_WINDOW_DAYS,
  type SchedulingLinkDto,
} from "./contract/scheduling-link.ts";

/**
 * Scheduling links (issue 42 §2): POST / GET / DELETE /scheduling_links. Creating one e-mails the
 * candidate the link (the company's template) in the same transaction, and is audited.
 */
const DAY = 86_400_000;

export const schedulingLinkInclude = { interviewers: { select: { userId: true }, orderBy: { userId: "asc" } } } as const satisfies Prisma.SchedulingLinkInclude;
export type SchedulingLinkRow = Prisma.SchedulingLinkGetPayload<{ include: typeof schedulingLinkInclude }>;

export const schedulingUrlOf = (token: string) => `${appBaseUrl()}/schedule/${token}`;

export function isExpired(row: { expiresAt: Date | null; windowEnd: Date; status: string }, now: Date): boolean {
  return row.status === "open" && ((row.expiresAt !== null && row.expiresAt <= now) || row.windowEnd <= now);
}

export function serializeLink(row: SchedulingLinkRow, now = new Date()): SchedulingLinkDto {
  return {
    id: row.id,
    candidate_id: row.candidateId,
    url: schedulingUrlOf(row.token),
    status: isExpired(row, now) ? "expired" : row.status,
    title: row.title,
    duration_minutes: row.durationMinutes,
    slot_interval_minutes: row.slotIntervalMinutes,
    interviewer_ids: row.interviewers.map((i) => i.userId),
    from: row.windowStart.toISOString(),
    to: row.windowEnd.toISOString(),
    min_notice_hours: row.minNoticeHours,
    location: row.location,
    video_url: row.videoUrl,
    expires_at: row.expiresAt?.toISOString() ?? null,
    notify_candidate: row.notifyCandidate,
    interview_id: row.interviewId,
    reschedules_left: Math.max(0, MAX_RESCHEDULES - row.rescheduleCount),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

async function requirePool(tx: ScopedTx, ids: string[]): Promise<void> {
  const found = new Set((await tx.user.findMany({ where: { id: { in: ids } }, select: { id: true } })).map((u) => u.id));
  const missing = ids.map((id, index) => ({ id, index })).filter(({ id }) => !found.has(id));
  if (missing.length) {
    throw AppError.validation(missing.map(({ id, index }) => ({ field: `interviewer_ids[${index}]`, message: `No member with id ${id} in this company (GET /users lists them)` })));
  }
}

function windowOf(input: CreateSchedulingLinkInput, now: Date) {
  const from = input.from === undefined ? now : new Date(input.from);
  const to = input.to === undefined ? new Date(from.getTime() + DEFAULT_WINDOW_DAYS * DAY) : new Date(input.to);
  if (to <= from) throw AppError.validation([{ field: "to", message: "The window must end after it starts" }]);
  if (to <= now) throw AppError.validation([{ field: "to", message: "The window has already ended" }]);
  if (to.getTime() - from.getTime() > MAX_WINDOW_DAYS * DAY) throw AppError.validation([{ field: "to", message: `The window is at most ${MAX_WINDOW_DAYS} days long` }]);
  const expiresAt = input.expires_at === undefined || input.expires_at === null ? to : new Date(input.expires_at);
  if (expiresAt <= now) throw AppError.validation([{ field: "expires_at", message: "Must be in the future" }]);
  return { from, to, expiresAt };
}

export async function createSchedulingLink(svc: ServiceContext, input: CreateSchedulingLinkInput, now = new Date()): Promise<SchedulingLinkDto> {
  const { from, to, expiresAt } = windowOf(input, now);
  const notify = input.notify_candidate ?? true;
  return svc.db.$transaction(async (tx) => {
    const candidate = await tx.candidate.findUnique({ where: { id: input.candidate_id }, select: { id: true, name: true, email: true, job: { select: { title: true } } } });
    if (!candidate) throw AppError.notFound("Candidate", input.candidate_id);
    if (notify && !candidate.email) throw AppError.validation([{ field: "notify_candidate", message: `Candidate ${candidate.id} has no e-mail address to send the link to` }]);
    await requirePool(tx, input.interviewer_ids);
    const token = randomBytes(32).toString("base64url");
    const created = await tx.schedulingLink.create({
      data: tenantRow<Prisma.SchedulingLinkUncheckedCreateInput>({
        candidateId: candidate.id,
        title: input.title,
        durationMinutes: input.duration_minutes,
        slotIntervalMinutes: input.slot_interval_minutes ?? 30,
        windowStart: from,
        windowEnd: to,
        minNoticeHours: input.min_notice_hours ?? 24,
        location: input.location ?? null,
        videoUrl: input.video_url ?? null,
        expiresAt,
        notifyCandidate: notify,
        token,
        createdById: actorUserId(svc.actor),
      }),
      select: { id: true },
    });
    await tx.schedulingLinkInterviewer.createMany({ data: input.interviewer_ids.map((userId) => tenantRow<Prisma.SchedulingLinkInterviewerCreateManyInput>({ linkId: created.id, userId })) });
    if (notify) await queueSchedulingLinkEmail(tx, svc, candidate, { title: input.title, url: schedulingUrlOf(token) });
    await recordAudit(tx, svc, { action: "scheduling_link.created", target: { type: "scheduling_link", id: created.id, label: `${input.title} (candidate ${candidate.id})` }, data: { candidate_id: candidate.id, interviewer_ids: input.interviewer_ids, notified: notify } });
    return serializeLink(await tx.schedulingLink.findUniqueOrThrow({ where: { id: created.id }, include: schedulingLinkInclude }), now);
  });
}

export async function findLink(db: ScopedDb | ScopedTx, id: number): Promise<SchedulingLinkRow> {
  const row = await db.schedulingLink.findUnique({ where: { id }, include: schedulingLinkInclude });
  if (!row) throw AppError.notFound("Scheduling link", id);
  return row;
}

export async function getSchedulingLink(svc: ServiceContext, id: number): Promise<SchedulingLinkDto> {
  return serializeLink(await findLink(svc.db, id));
}

/** Newest first, keyset-paginated on id. */
export async function listSchedulingLinks(svc: ServiceContext, input: ListSchedulingLinksInput) {
  const limit = input.limit ?? DEFAULT_PAGE_SIZE;
  const after = decodeCursorKey(input.cursor);
  const rows = await svc.db.schedulingLink.findMany({
    where: { ...(input.candidate_id === undefined ? {} : { candidateId: input.candidate_id }), ...(after ? { id: { lt: after.id } } : {}) },
    include: schedulingLinkInclude,
    orderBy: { id: "desc" },
    take: limit + 1,
  });
  const now = new Date();
  return page(rows, limit, (row) => serializeLink(row, now), () => ({}));
}

/** DELETE: the link stops working (410). An interview already booked stays; cancel it through /interviews. */
export async function revokeSchedulingLink(svc: ServiceContext, id: number): Promise<SchedulingLinkDto> {
  return svc.db.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT 1 FROM scheduling_links WHERE id = ${id} AND company_id = ${svc.companyId} FOR UPDATE`;
    const row = await findLink(tx, id);
    if (row.status === "revoked") return serializeLink(row);
    const updated = await tx.schedulingLink.update({ where: { id }, data: { status: "revoked", revokedAt: new Date() }, include: schedulingLinkInclude });
    await recordAudit(tx, svc, { action: "scheduling_link.revoked", target: { type: "scheduling_link", id, label: `${row.title} (candidate ${row.candidateId})` }, data: { previous_status: row.status } });
    return serializeLink(updated);
  });
}
