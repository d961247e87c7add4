import { randomUUID } from "node:crypto";
import { type Prisma } from "@hireflow/db";
import { actorKind, actorUserId, type ServiceContext } from "../../kernel/context.ts";
import {
  type CreateInterviewInput,
  type InterviewConflictDto,
  type InterviewDetailDto,
  type InterviewDto,
  type ListInterviewsInput,
  type UpdateInterviewInput,
} from "./contract/interview.ts";
import { AppError } from "../../kernel/errors.ts";
import { type ScopedTx, tenantRow } from "../../kernel/tenancy.ts";
import { candidateUrl, notifyEventsCommitted, recordEvent } from "../../kernel/outbox.ts";
import { queueInterviewInvitations, type InvitationKind } from "./invitations.ts";
import { DEFAULT_PAGE_SIZE, decodeCursorKey, page } from "../../kernel/pagination.ts";

/**
 * Scheduled interviews (issue 26 §2). Every change — schedule, edit, cancel — happens in one
 * transaction with its invitations (queueEmail) and its event (interview.scheduled / updated /
 * canceled), so a change committed is always announced and never announced twice. The panel must be
 * members of the company; overlapping interviews of a member are allowed and reported as `conflicts`.
 */
const interviewInclude = {
  interviewers: { select: { user: { select: { id: true, name: true, email: true } } }, orderBy: { userId: "asc" } },
  jobInterview: { select: { instructions: true, attributes: true, questions: true } },
} as const satisfies Prisma.InterviewInclude;

type InterviewRow = Prisma.InterviewGetPayload<{ include: typeof interviewInclude }>;

function serialize(row: InterviewRow): InterviewDto {
  return {
    id: row.id,
    candidate_id: row.candidateId,
    interview_id: row.jobInterviewId,
    title: row.title,
    start_at: row.startAt.toISOString(),
    end_at: row.endAt.toISOString(),
    time_zone: row.timeZone,
    location: row.location,
    video_url: row.videoUrl,
    interviewers: row.interviewers.map(({ user }) => ({ id: user.id, name: user.name, email: user.email })),
    notify_candidate: row.notifyCandidate,
    status: row.status,
    scheduled_by: row.scheduledBy,
    sequence: row.sequence,
    canceled_at: row.canceledAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** Overlapping scheduled interviews of the panel's members, other than this one. */
async function findConflicts(db: ScopedTx | ServiceContext["db"], row: InterviewRow): Promise<InterviewConflictDto[]> {
  if (row.status !== "scheduled" || row.interviewers.length === 0) return [];
  const panel = row.interviewers.map(({ user }) => user.id);
  const overlapping = await db.interviewInterviewer.findMany({
    where: {
      userId: { in: panel },
      interviewId: { not: row.id },
      interview: { status: "scheduled", startAt: { lt: row.endAt }, endAt: { gt: row.startAt } },
    },
    select: { userId: true, interview: { select: { id: true, startAt: true, endAt: true } } },
    orderBy: [{ userId: "asc" }, { interviewId: "asc" }],
    take: 100,
  });
  return overlapping.map(({ userId, interview }) => ({ interviewer_id: userId, interview_id: interview.id, start_at: interview.startAt.toISOString(), end_at: interview.endAt.toISOString() }));
}

async function detail(db: ScopedTx | ServiceContext["db"], row: InterviewRow): Promise<InterviewDetailDto> {
  return { ...serialize(row), conflicts: await findConflicts(db, row) };
}

/** The members named, in the order given; a 400 naming each id that is not a member of the company. */
async function requireMembers(tx: ScopedTx, ids: string[]) {
  const users = await tx.user.findMany({ where: { id: { in: ids } }, select: { id: true, name: true, email: true } });
  const byId = new Map(users.map((user) => [user.id, user]));
  const missing = ids.map((id, index) => ({ id, index })).filter(({ id }) => !byId.has(id));
  if (missing.length) {
    throw AppError.validation(
      missing.map(({ id, index }) => ({ field: `interviewer_ids[${index}]`, message: `No member with id ${id} in this company (GET /users lists them)` })),
      `Interviewers must be members of the company: ${missing.map(({ id }) => id).join(", ")}`,
    );
  }
  return ids.map((id) => byId.get(id)!);
}

type CandidateRef = { id: number; publicId: string; name: string | null; email: string | null; jobId: number | null };

async function requireCandidate(tx: ScopedTx, id: number): Promise<CandidateRef> {
  const candidate = await tx.candidate.findUnique({ where: { id }, select: { id: true, publicId: true, name: true, email: true, jobId: true } });
  if (!candidate) throw AppError.notFound("Candidate", id);
  return candidate;
}

/** A kit of the interview plan of the candidate's job (another job's, or another company's, is a 400 naming it). */
async function requireKit(tx: ScopedTx, candidate: CandidateRef, id: number) {
  const kit = await tx.jobInterview.findUnique({ where: { id }, select: { id: true, jobId: true, name: true, durationMinutes: true } });
  if (!kit || kit.jobId !== candidate.jobId) {
    throw AppError.validation([{ field: "interview_id", message: `Interview ${id} is not in the interview plan of the candidate's job (GET /jobs/{id}: stages[].interviews)` }]);
  }
  return kit;
}

function requireCandidateEmail(candidate: CandidateRef, notify: boolean) {
  if (notify && !candidate.email) {
    throw AppError.validation([{ field: "notify_candidate", message: `Candidate ${candidate.id} has no e-mail address to send the invitation to` }]);
  }
}

async function announce(tx: ScopedTx, svc: ServiceContext, type: "interview.scheduled" | "interview.updated" | "interview.canceled", row: InterviewRow, candidate: CandidateRef, extra: Record<string, unknown> = {}) {
  const job = candidate.jobId ? await tx.job.findUnique({ where: { id: candidate.jobId }, select: { id: true, title: true } }) : null;
  await recordEvent(tx, type, {
    interview: serialize(row),
    candidate: { id: candidate.id, public_id: candidate.publicId, name: candidate.name, email: candidate.email, url: candidateUrl(candidate.id) },
    job: { id: job?.id ?? null, title: job?.title ?? null },
    company: { id: svc.companyId },
    ...extra,
    changed_by: actorKind(svc.actor),
    changed_by_user_id: actorUserId(svc.actor),
  });
}

function invitationOf(row: InterviewRow) {
  return {
    id: row.id,
    title: row.title,
    startAt: row.startAt,
    endAt: row.endAt,
    timeZone: row.timeZone,
    location: row.location,
    videoUrl: row.videoUrl,
    icalUid: row.icalUid,
    sequence: row.sequence,
    panelBrief: row.jobInterview,
  };
}

const people = (row: InterviewRow) => row.interviewers.map(({ user }) => ({ name: user.name, email: user.email }));

async function invite(tx: ScopedTx, svc: ServiceContext, kind: InvitationKind, row: InterviewRow, candidate: CandidateRef, removed: { name: string | null; email: string }[] = [], candidateRemoved = false, candidateManageUrl: string | null = null) {
  await queueInterviewInvitations(tx, svc, kind, invitationOf(row), candidate, { interviewers: people(row), removed, candidate: row.notifyCandidate, candidateRemoved, candidateManageUrl });
}

/** Locks the interview's row for this transaction: two edits of one interview take turns (SEQUENCE stays strictly increasing). */
async function lockInterview(tx: ScopedTx, companyId: number, id: number): Promise<void> {
  // Raw SQL bypasses the scoping extension: it filters by company itself.
  await tx.$queryRaw`SELECT 1 FROM interviews WHERE id = ${id} AND company_id = ${companyId} FOR UPDATE`;
}

async function findInterview(tx: ScopedTx | ServiceContext["db"], id: number): Promise<InterviewRow> {
  const row = await tx.interview.findUnique({ where: { id }, include: interviewInclude });
  if (!row) throw AppError.notFound("Interview", id);
  return row;
}

/**
 * Serialises, until the transaction ends, everything that books time of these members: a candidate's
 * booking (modules/scheduling) re-checks their free time after taking these locks, so it sees every
 * interview committed before and none commits beside it. Sorted, so two transactions never deadlock.
 */
export async function lockInterviewersTime(tx: ScopedTx, userIds: readonly string[]): Promise<void> {
  if (userIds.length === 0) return;
  const ids = [...new Set(userIds)].sort();
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended('interviewer-time:' || id, 0)) FROM (SELECT unnest(${ids}::text[]) AS id ORDER BY 1) AS sorted`;
}

export interface ScheduleOptions {
  /** Who chose the time (a candidate's booking through a scheduling link, #42). */
  scheduledBy?: "member" | "candidate";
  /** The candidate's page to reschedule or cancel, written into their invitation. */
  manageUrl?: string;
}

/** Schedules inside the caller's transaction (the booking of a scheduling link re-checks the slot in the same one). */
export async function scheduleInterviewInTx(tx: ScopedTx, svc: ServiceContext, input: CreateInterviewInput, options: ScheduleOptions = {}): Promise<InterviewDetailDto> {
  const candidate = await requireCandidate(tx, input.candidate_id);
  const kit = input.interview_id === undefined ? null : await requireKit(tx, candidate, input.interview_id);
  const panel = await requireMembers(tx, input.interviewer_ids);
  await lockInterviewersTime(tx, panel.map((user) => user.id));
  const notify = input.notify_candidate ?? false;
  requireCandidateEmail(candidate, notify);
  const startAt = new Date(input.start_at);
  const created = await tx.interview.create({
    data: tenantRow<Prisma.InterviewUncheckedCreateInput>({
      candidateId: candidate.id,
      jobInterviewId: kit?.id ?? null,
      title: input.title ?? kit!.name,
      startAt,
      endAt: input.end_at === undefined ? new Date(startAt.getTime() + kit!.durationMinutes * 60_000) : new Date(input.end_at),
      timeZone: input.time_zone,
      location: input.location ?? null,
      videoUrl: input.video_url ?? null,
      notifyCandidate: notify,
      icalUid: `${randomUUID()}@hireflow`,
      createdById: actorUserId(svc.actor),
      scheduledBy: options.scheduledBy ?? "member",
    }),
    select: { id: true },
  });
  await tx.interviewInterviewer.createMany({ data: panel.map((user) => tenantRow<Prisma.InterviewInterviewerCreateManyInput>({ interviewId: created.id, userId: user.id })) });
  const row = await findInterview(tx, created.id);
  await invite(tx, svc, "scheduled", row, candidate, [], false, options.manageUrl ?? null);
  await announce(tx, svc, "interview.scheduled", row, candidate);
  return detail(tx, row);
}

export async function scheduleInterview(svc: ServiceContext, input: CreateInterviewInput): Promise<InterviewDetailDto> {
  const result = await svc.db.$transaction((tx) => scheduleInterviewInTx(tx, svc, input));
  notifyEventsCommitted();
  return result;
}

const EDITABLE = ["title", "start_at", "end_at", "time_zone", "location", "video_url", "interviewer_ids", "notify_candidate"] as const;

/** Reschedules or edits; a change raises SEQUENCE and re-sends the invitations (taken-off members and a no-longer-notified candidate get a CANCEL). */
export async function updateInterview(svc: ServiceContext, input: UpdateInterviewInput): Promise<InterviewDetailDto> {
  const { detail: result, changed } = await svc.db.$transaction((tx) => updateInterviewInTx(tx, svc, input));
  if (changed) notifyEventsCommitted();
  return result;
}

/** Edits inside the caller's transaction; `changed` is false when nothing differed (no invitation, no event). */
export async function updateInterviewInTx(tx: ScopedTx, svc: ServiceContext, input: UpdateInterviewInput, options: Pick<ScheduleOptions, "manageUrl"> = {}): Promise<{ detail: InterviewDetailDto; changed: boolean }> {
  await lockInterview(tx, svc.companyId, input.id);
  const before = await findInterview(tx, input.id);
  if (before.status === "canceled") throw new AppError("conflict", `Interview ${input.id} is canceled; schedule a new one instead`);
  const startAt = input.start_at === undefined ? before.startAt : new Date(input.start_at);
  const endAt = input.end_at === undefined ? before.endAt : new Date(input.end_at);
  if (endAt <= startAt) throw AppError.validation([{ field: input.end_at === undefined ? "start_at" : "end_at", message: "The interview must end after it starts" }]);
  const candidate = await requireCandidate(tx, before.candidateId);
  const notify = input.notify_candidate ?? before.notifyCandidate;
  requireCandidateEmail(candidate, notify);
  const panelBefore = before.interviewers.map(({ user }) => user.id);
  const panel = input.interviewer_ids === undefined ? null : await requireMembers(tx, input.interviewer_ids);

  const next = {
    title: input.title ?? before.title,
    startAt,
    endAt,
    timeZone: input.time_zone ?? before.timeZone,
    location: input.location === undefined ? before.location : input.location,
    videoUrl: input.video_url === undefined ? before.videoUrl : input.video_url,
    notifyCandidate: notify,
  };
  const panelChanged = panel !== null && (panel.length !== panelBefore.length || panel.some((user) => !panelBefore.includes(user.id)));
  const changedFields = EDITABLE.filter((field) => {
    switch (field) {
      case "title": return next.title !== before.title;
      case "start_at": return next.startAt.getTime() !== before.startAt.getTime();
      case "end_at": return next.endAt.getTime() !== before.endAt.getTime();
      case "time_zone": return next.timeZone !== before.timeZone;
      case "location": return next.location !== before.location;
      case "video_url": return next.videoUrl !== before.videoUrl;
      case "interviewer_ids": return panelChanged;
      case "notify_candidate": return next.notifyCandidate !== before.notifyCandidate;
    }
  });
  if (changedFields.length === 0) return { detail: await detail(tx, before), changed: false };
  await lockInterviewersTime(tx, [...panelBefore, ...(panel ?? []).map((user) => user.id)]);

  await tx.interview.update({ where: { id: before.id }, data: { ...next, sequence: { increment: 1 } } });
  let removed: { name: string | null; email: string }[] = [];
  if (panel && panelChanged) {
    const keep = new Set(panel.map((user) => user.id));
    removed = before.interviewers.filter(({ user }) => !keep.has(user.id)).map(({ user }) => ({ name: user.name, email: user.email }));
    await tx.interviewInterviewer.deleteMany({ where: { interviewId: before.id, userId: { notIn: [...keep] } } });
    const added = panel.filter((user) => !panelBefore.includes(user.id));
    if (added.length) await tx.interviewInterviewer.createMany({ data: added.map((user) => tenantRow<Prisma.InterviewInterviewerCreateManyInput>({ interviewId: before.id, userId: user.id })) });
  }
  const row = await findInterview(tx, before.id);
  await invite(tx, svc, "updated", row, candidate, removed, before.notifyCandidate && !row.notifyCandidate, options.manageUrl ?? null);
  await announce(tx, svc, "interview.updated", row, candidate, { changed_fields: changedFields });
  return { detail: await detail(tx, row), changed: true };
}

/** Cancels (DELETE): the interview is kept as canceled and everyone invited gets a CANCEL. Canceling again changes nothing. */
export async function cancelInterview(svc: ServiceContext, id: number): Promise<InterviewDetailDto> {
  const { detail: result, changed } = await svc.db.$transaction((tx) => cancelInterviewInTx(tx, svc, id));
  if (changed) notifyEventsCommitted();
  return result;
}

/** Cancels inside the caller's transaction; canceling again changes nothing (`changed` false). */
export async function cancelInterviewInTx(tx: ScopedTx, svc: ServiceContext, id: number): Promise<{ detail: InterviewDetailDto; changed: boolean }> {
  await lockInterview(tx, svc.companyId, id);
  const before = await findInterview(tx, id);
  if (before.status === "canceled") return { detail: await detail(tx, before), changed: false };
  await tx.interview.update({ where: { id }, data: { status: "canceled", canceledAt: new Date(), sequence: { increment: 1 } } });
  const row = await findInterview(tx, id);
  const candidate = await requireCandidate(tx, row.candidateId);
  await invite(tx, svc, "canceled", row, candidate);
  await announce(tx, svc, "interview.canceled", row, candidate);
  return { detail: await detail(tx, row), changed: true };
}

export async function getInterview(svc: ServiceContext, id: number): Promise<InterviewDetailDto> {
  return detail(svc.db, await findInterview(svc.db, id));
}

/** By start time, earliest first, keyset-paginated on (start_at, id) (index interviews(company_id, start_at, id)). */
export async function listInterviews(svc: ServiceContext, input: ListInterviewsInput) {
  const limit = input.limit ?? DEFAULT_PAGE_SIZE;
  const after = decodeCursorKey(input.cursor);
  if (after && after.at === undefined) throw new AppError("bad_request", "The cursor is invalid; pass pagination.next_cursor from a previous page");
  const filters: Prisma.InterviewWhereInput[] = [
    ...(input.candidate_id === undefined ? [] : [{ candidateId: input.candidate_id }]),
    ...(input.interviewer_id === undefined ? [] : [{ interviewers: { some: { userId: input.interviewer_id } } }]),
    ...(input.from === undefined ? [] : [{ endAt: { gt: new Date(input.from) } }]),
    ...(input.to === undefined ? [] : [{ startAt: { lt: new Date(input.to) } }]),
    ...(after ? [{ OR: [{ startAt: { gt: new Date(after.at!) } }, { startAt: new Date(after.at!), id: { gt: after.id } }] }] : []),
  ];
  const rows = await svc.db.interview.findMany({ where: { AND: filters }, include: interviewInclude, orderBy: [{ startAt: "asc" }, { id: "asc" }], take: limit + 1 });
  return page(rows, limit, serialize, (row) => ({ at: row.startAt.toISOString() }));
}
