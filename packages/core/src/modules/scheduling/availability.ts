import { type Prisma } from "@hireflow/db";
import { type ServiceContext } from "../../kernel/context.ts";
import { AppError } from "../../kernel/errors.ts";
import { canManageSettings } from "../../kernel/roles.ts";
import { type ScopedDb, type ScopedTx } from "../../kernel/tenancy.ts";
import { recordAudit } from "../audit/audit.ts";
import { type AvailabilityDto, type PutAvailabilityInput } from "./contract/availability.ts";
import { feedStatus, refreshFeed } from "./feeds.ts";
import { availabilityProblems, DEFAULT_WORKING_HOURS, sortWorkingHours, type WorkingRange } from "./working-hours.ts";
import { normalizeTimeZone } from "../../kernel/contract/time-zone.ts";

/**
 * A member's availability (issue 42 §1): GET / PUT /users/{id}/availability and the member's own
 * settings page. Members edit their own; owners, admins and API keys anyone's. The busy calendar's
 * address is a secret of the member's: only they, owners, admins and API keys read it back.
 */
export const availabilitySelect = {
  userId: true,
  timeZone: true,
  workingHours: true,
  bufferMinutes: true,
  maxInterviewsPerDay: true,
  busyCalendarUrl: true,
  feedBusy: true,
  feedFetchedAt: true,
  feedCheckedAt: true,
  feedError: true,
} as const satisfies Prisma.MemberAvailabilitySelect;
export type AvailabilityRow = Prisma.MemberAvailabilityGetPayload<{ select: typeof availabilitySelect }>;

const isSelf = (svc: ServiceContext, userId: string) => svc.actor.type === "user" && svc.actor.userId === userId;
const isAdmin = (svc: ServiceContext) => svc.actor.type === "api" || (svc.role !== undefined && canManageSettings(svc.role));

function assertMayRead(svc: ServiceContext, userId: string): void {
  if (isSelf(svc, userId) || svc.role !== "interviewer") return;
  throw new AppError("forbidden", "Interviewers can see only their own availability");
}

function assertMayEdit(svc: ServiceContext, userId: string): void {
  if (isSelf(svc, userId) || isAdmin(svc)) return;
  throw new AppError("forbidden", `Members edit their own availability; owners and admins anyone's (your role is ${svc.role ?? "unknown"})`);
}

async function requireMember(svc: ServiceContext, userId: string): Promise<void> {
  const user = await svc.db.user.findUnique({ where: { id: userId }, select: { id: true } });
  if (!user) throw AppError.notFound("User", userId);
}

/** The company's zone: a member's hours and a link's slots fall back to it. */
export async function companyTimeZone(db: ScopedDb | ScopedTx, companyId: number): Promise<string> {
  const company = await db.company.findUniqueOrThrow({ where: { id: companyId }, select: { timeZone: true } });
  return company.timeZone;
}

function serialize(svc: ServiceContext, userId: string, row: AvailabilityRow | null, defaultZone: string, now: Date): AvailabilityDto {
  const secret = isSelf(svc, userId) || isAdmin(svc);
  return {
    user_id: userId,
    time_zone: row?.timeZone ?? defaultZone,
    working_hours: sortWorkingHours((row?.workingHours as WorkingRange[] | undefined) ?? DEFAULT_WORKING_HOURS),
    buffer_minutes: row?.bufferMinutes ?? 0,
    max_interviews_per_day: row?.maxInterviewsPerDay ?? null,
    busy_calendar_url: secret ? (row?.busyCalendarUrl ?? null) : null,
    busy_calendar: feedStatus(row, now),
    is_default: row === null,
  };
}

export async function getAvailability(svc: ServiceContext, userId: string, now = new Date()): Promise<AvailabilityDto> {
  assertMayRead(svc, userId);
  await requireMember(svc, userId);
  const [row, zone] = await Promise.all([svc.db.memberAvailability.findUnique({ where: { userId }, select: availabilitySelect }), companyTimeZone(svc.db, svc.companyId)]);
  return serialize(svc, userId, row, zone, now);
}

/**
 * Replaces the member's availability. A new busy calendar address is read at once: one that cannot be
 * read (not reachable, not iCalendar, a private address) is a 400 naming why, so a member learns it
 * while they are on the page rather than when a candidate sees slots that are not free.
 */
export async function putAvailability(svc: ServiceContext, input: PutAvailabilityInput, now = new Date()): Promise<AvailabilityDto> {
  assertMayEdit(svc, input.id);
  await requireMember(svc, input.id);
  const problems = availabilityProblems({ timeZone: input.time_zone, workingHours: input.working_hours, bufferMinutes: input.buffer_minutes ?? 0, maxInterviewsPerDay: input.max_interviews_per_day ?? null });
  if (problems.length) throw AppError.validation(problems.map((p) => ({ field: p.path, message: p.message })));
  const timeZone = normalizeTimeZone(input.time_zone);
  const before = await svc.db.memberAvailability.findUnique({ where: { userId: input.id }, select: availabilitySelect });
  const url = input.busy_calendar_url === undefined ? (before?.busyCalendarUrl ?? null) : input.busy_calendar_url;
  const feedChanged = url !== (before?.busyCalendarUrl ?? null) || (url !== null && timeZone !== before?.timeZone);
  const feed = url && feedChanged ? await refreshFeed(url, timeZone, now) : null;
  if (feed && !feed.ok) throw AppError.validation([{ field: "busy_calendar_url", message: feed.error }]);
  const data = {
    timeZone,
    workingHours: sortWorkingHours(input.working_hours) as unknown as Prisma.InputJsonValue,
    bufferMinutes: input.buffer_minutes ?? 0,
    maxInterviewsPerDay: input.max_interviews_per_day ?? null,
    busyCalendarUrl: url,
    ...(feedChanged && {
      feedBusy: (feed?.ok ? feed.busy : []) as unknown as Prisma.InputJsonValue,
      feedFetchedAt: feed?.ok ? now : null,
      feedCheckedAt: feed ? now : null,
      feedError: null,
    }),
  };
  await svc.db.$transaction(async (tx) => {
    await tx.memberAvailability.upsert({ where: { userId: input.id }, create: { userId: input.id, companyId: svc.companyId, ...data }, update: data });
    await recordAudit(tx, svc, { action: "availability.updated", target: { type: "user", id: input.id, label: input.id }, data: { time_zone: timeZone, calendar_changed: feedChanged } });
  });
  return getAvailability(svc, input.id, now);
}
