import { type PrismaClient } from "@hireflow/db";
import { systemContext, type ServiceContext } from "../../kernel/context.ts";
import { AppError } from "../../kernel/errors.ts";
import { notifyEventsCommitted } from "../../kernel/outbox.ts";
import { type ScopedTx } from "../../kernel/tenancy.ts";
import { cancelInterviewInTx, lockInterviewersTime, scheduleInterviewInTx, updateInterviewInTx } from "../interview/interviews.ts";
import { type BookSlotInput, type PublicSchedulingLinkDto, type PublicSlotsDto, schedulingTokenSchema } from "./contract/public-scheduling.ts";
import { MAX_RESCHEDULES } from "./contract/scheduling-link.ts";
import { isExpired, schedulingLinkInclude, type SchedulingLinkRow, schedulingUrlOf } from "./links.ts";
import { companyTimeZone } from "./availability.ts";
import { poolSlots } from "./pool.ts";
import { type Slot } from "./slots.ts";
import { isValidTimeZone, normalizeTimeZone, TIME_ZONE_MESSAGE } from "../../kernel/contract/time-zone.ts";

/**
 * The candidate's side of a scheduling link (issue 42 §2): the free slots, booking one, rescheduling
 * and canceling. No sign-in: the token is the credential. Every write re-checks the slot inside the
 * transaction that writes the interview, after taking the pool's time locks (lockInterviewersTime), so
 * two bookings of one member's time cannot both succeed: the second is a 409 carrying fresh slots.
 */
const DAY = 86_400_000;

async function resolve(prisma: PrismaClient, token: string): Promise<{ svc: ServiceContext; linkId: number }> {
  if (!schedulingTokenSchema.safeParse(token).success) throw AppError.notFound("Scheduling link");
  const link = await prisma.schedulingLink.findUnique({ where: { token }, select: { id: true, companyId: true } });
  if (!link) throw AppError.notFound("Scheduling link");
  return { svc: systemContext(prisma, link.companyId), linkId: link.id };
}

/** 410 for a link that no longer works. A booked link still shows (its confirmation), a canceled one too. */
function assertAlive(row: SchedulingLinkRow, now: Date): void {
  if (row.status === "revoked") throw new AppError("gone", "This scheduling link has been withdrawn; ask the company for a new one");
  if (isExpired(row, now)) throw new AppError("gone", "This scheduling link has expired; ask the company for a new one");
}

function zoneOrDefault(zone: string | undefined, fallback: string): string {
  if (zone === undefined) return fallback;
  if (!isValidTimeZone(zone)) throw AppError.validation([{ field: "time_zone", message: TIME_ZONE_MESSAGE }]);
  return normalizeTimeZone(zone);
}

const wire = (slots: Slot[]) => slots.map((s) => ({ start_at: s.startAt.toISOString(), end_at: s.endAt.toISOString() }));

async function slotsOf(db: ServiceContext["db"] | ScopedTx, svc: ServiceContext, row: SchedulingLinkRow, now: Date, range?: { from: Date; to: Date }, excludeInterviewId?: number): Promise<Slot[]> {
  return poolSlots(
    db,
    svc.companyId,
    { userIds: row.interviewers.map((i) => i.userId), from: range?.from ?? row.windowStart, to: range?.to ?? row.windowEnd, now, excludeInterviewId },
    { durationMinutes: row.durationMinutes, gridMinutes: row.slotIntervalMinutes, minNoticeHours: row.minNoticeHours },
  );
}

export async function getPublicSchedulingLink(prisma: PrismaClient, token: string, now = new Date()): Promise<PublicSchedulingLinkDto> {
  const { svc, linkId } = await resolve(prisma, token);
  const row = await svc.db.schedulingLink.findUniqueOrThrow({ where: { id: linkId }, include: schedulingLinkInclude });
  assertAlive(row, now);
  const [company, candidate, interview] = await Promise.all([
    svc.db.company.findUniqueOrThrow({ where: { id: svc.companyId }, select: { name: true } }),
    svc.db.candidate.findUniqueOrThrow({ where: { id: row.candidateId }, select: { name: true } }),
    row.interviewId === null
      ? null
      : svc.db.interview.findUnique({ where: { id: row.interviewId }, select: { startAt: true, endAt: true, timeZone: true, status: true, interviewers: { select: { user: { select: { name: true } } } } } }),
  ]);
  const booked = row.status === "booked" && interview?.status === "scheduled";
  return {
    status: row.status === "booked" && !booked ? "canceled" : (row.status as "open" | "booked" | "canceled"),
    title: row.title,
    duration_minutes: row.durationMinutes,
    company: { name: company.name },
    candidate: { name: candidate.name },
    location: row.location,
    video_url: row.videoUrl,
    booking: booked
      ? { start_at: interview!.startAt.toISOString(), end_at: interview!.endAt.toISOString(), time_zone: interview!.timeZone, interviewer: { name: interview!.interviewers[0]?.user.name ?? null } }
      : null,
    reschedules_left: Math.max(0, MAX_RESCHEDULES - row.rescheduleCount),
  };
}

export async function getPublicSlots(prisma: PrismaClient, token: string, timeZone: string | undefined, now = new Date()): Promise<PublicSlotsDto> {
  const { svc, linkId } = await resolve(prisma, token);
  const row = await svc.db.schedulingLink.findUniqueOrThrow({ where: { id: linkId }, include: schedulingLinkInclude });
  assertAlive(row, now);
  const zone = zoneOrDefault(timeZone, row.candidateTimeZone ?? (await companyTimeZone(svc.db, svc.companyId)));
  const open = row.status === "open" || (row.status === "booked" && row.rescheduleCount < MAX_RESCHEDULES);
  const slots = open ? await slotsOf(svc.db, svc, row, now, undefined, row.interviewId ?? undefined) : [];
  return { time_zone: zone, duration_minutes: row.durationMinutes, slots: wire(slots) };
}

async function lockLink(tx: ScopedTx, svc: ServiceContext, linkId: number): Promise<SchedulingLinkRow> {
  await tx.$queryRaw`SELECT 1 FROM scheduling_links WHERE id = ${linkId} AND company_id = ${svc.companyId} FOR UPDATE`;
  return tx.schedulingLink.findUniqueOrThrow({ where: { id: linkId }, include: schedulingLinkInclude });
}

/** The free members at exactly this start (none: the slot is taken, a 409 with the fresh slots). */
async function freeMembersAt(tx: ScopedTx, svc: ServiceContext, row: SchedulingLinkRow, startAt: Date, now: Date, excludeInterviewId?: number): Promise<string[]> {
  const pool = row.interviewers.map((i) => i.userId);
  await lockInterviewersTime(tx, pool);
  const end = new Date(startAt.getTime() + row.durationMinutes * 60_000);
  const inWindow = startAt >= row.windowStart && end <= row.windowEnd;
  const slot = inWindow ? (await slotsOf(tx, svc, row, now, { from: startAt, to: end }, excludeInterviewId)).find((s) => s.startAt.getTime() === startAt.getTime()) : undefined;
  if (slot && slot.userIds.length) return slot.userIds;
  const fresh = await slotsOf(tx, svc, row, now, undefined, excludeInterviewId);
  throw new AppError("conflict", "This time is no longer free; pick another from the slots", {
    details: [{ field: "start_at", message: `Free slots now: ${fresh.slice(0, 20).map((s) => s.startAt.toISOString()).join(", ") || "none"}` }],
  });
}

/** The pool member with the fewest scheduled interviews in that week (ties: the one booked least recently, then by id). */
async function leastLoaded(tx: ScopedTx, userIds: string[], startAt: Date): Promise<string> {
  if (userIds.length === 1) return userIds[0]!;
  const weekStart = new Date(startAt.getTime() - (((startAt.getUTCDay() + 6) % 7) * DAY + (startAt.getTime() % DAY)));
  const weekEnd = new Date(weekStart.getTime() + 7 * DAY);
  const seats = await tx.interviewInterviewer.findMany({
    where: { userId: { in: userIds }, interview: { status: "scheduled" } },
    select: { userId: true, interview: { select: { startAt: true, createdAt: true } } },
  });
  const score = (id: string) => {
    const mine = seats.filter((s) => s.userId === id);
    const inWeek = mine.filter((s) => s.interview.startAt >= weekStart && s.interview.startAt < weekEnd).length;
    const lastBooked = Math.max(0, ...mine.map((s) => s.interview.createdAt.getTime()));
    return { id, inWeek, lastBooked };
  };
  return userIds
    .map(score)
    .sort((a, b) => a.inWeek - b.inWeek || a.lastBooked - b.lastBooked || a.id.localeCompare(b.id))[0]!.id;
}

export async function bookSlot(prisma: PrismaClient, token: string, input: BookSlotInput, now = new Date()): Promise<PublicSchedulingLinkDto> {
  const { svc, linkId } = await resolve(prisma, token);
  const startAt = new Date(input.start_at);
  await svc.db.$transaction(async (tx) => {
    const row = await lockLink(tx, svc, linkId);
    assertAlive(row, now);
    if (row.status !== "open") throw new AppError("conflict", row.status === "booked" ? "This link has already been used to book an interview" : "This interview was canceled; ask the company for a new link");
    const zone = zoneOrDefault(input.time_zone, await companyTimeZone(tx, svc.companyId));
    const free = await freeMembersAt(tx, svc, row, startAt, now);
    const interviewer = await leastLoaded(tx, free, startAt);
    const candidate = await tx.candidate.findUniqueOrThrow({ where: { id: row.candidateId }, select: { email: true } });
    const interview = await scheduleInterviewInTx(
      tx,
      svc,
      {
        candidate_id: row.candidateId,
        title: row.title,
        start_at: startAt.toISOString(),
        end_at: new Date(startAt.getTime() + row.durationMinutes * 60_000).toISOString(),
        time_zone: zone,
        location: row.location ?? undefined,
        video_url: row.videoUrl ?? undefined,
        interviewer_ids: [interviewer],
        notify_candidate: candidate.email !== null,
      },
      { scheduledBy: "candidate", manageUrl: schedulingUrlOf(token) },
    );
    await tx.schedulingLink.update({ where: { id: linkId }, data: { status: "booked", interviewId: interview.id, bookedAt: now, candidateTimeZone: zone } });
  });
  notifyEventsCommitted();
  return getPublicSchedulingLink(prisma, token, now);
}

/** Moves the booked interview: the same calendar event (UID) at a higher SEQUENCE; the member stays when free. */
export async function rescheduleSlot(prisma: PrismaClient, token: string, input: BookSlotInput, now = new Date()): Promise<PublicSchedulingLinkDto> {
  const { svc, linkId } = await resolve(prisma, token);
  const startAt = new Date(input.start_at);
  await svc.db.$transaction(async (tx) => {
    const row = await lockLink(tx, svc, linkId);
    assertAlive(row, now);
    const current = row.interviewId === null ? null : await tx.interview.findUnique({ where: { id: row.interviewId }, select: { id: true, status: true, interviewers: { select: { userId: true } } } });
    if (row.status !== "booked" || !current || current.status !== "scheduled") throw new AppError("conflict", "There is no booked interview to reschedule");
    if (row.rescheduleCount >= MAX_RESCHEDULES) throw new AppError("conflict", `This interview has been rescheduled ${MAX_RESCHEDULES} times already; contact the company to move it again`);
    const free = await freeMembersAt(tx, svc, row, startAt, now, current.id);
    const host = current.interviewers[0]?.userId;
    const interviewer = host && free.includes(host) ? host : await leastLoaded(tx, free, startAt);
    const zone = input.time_zone === undefined ? undefined : zoneOrDefault(input.time_zone, "UTC");
    await updateInterviewInTx(
      tx,
      svc,
      { id: current.id, start_at: startAt.toISOString(), end_at: new Date(startAt.getTime() + row.durationMinutes * 60_000).toISOString(), interviewer_ids: [interviewer], ...(zone ? { time_zone: zone } : {}) },
      { manageUrl: schedulingUrlOf(token) },
    );
    await tx.schedulingLink.update({ where: { id: linkId }, data: { rescheduleCount: { increment: 1 }, ...(zone ? { candidateTimeZone: zone } : {}) } });
  });
  notifyEventsCommitted();
  return getPublicSchedulingLink(prisma, token, now);
}

/** Cancels the booked interview (METHOD:CANCEL to everyone invited, interview.canceled); the link is done. */
export async function cancelBooking(prisma: PrismaClient, token: string, now = new Date()): Promise<PublicSchedulingLinkDto> {
  const { svc, linkId } = await resolve(prisma, token);
  await svc.db.$transaction(async (tx) => {
    const row = await lockLink(tx, svc, linkId);
    assertAlive(row, now);
    if (row.status === "canceled") return;
    if (row.status !== "booked" || row.interviewId === null) throw new AppError("conflict", "There is no booked interview to cancel");
    await cancelInterviewInTx(tx, svc, row.interviewId);
    await tx.schedulingLink.update({ where: { id: linkId }, data: { status: "canceled" } });
  });
  notifyEventsCommitted();
  return getPublicSchedulingLink(prisma, token, now);
}
