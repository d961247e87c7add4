import { type ServiceContext } from "../../kernel/context.ts";
import { type ScopedDb, type ScopedTx } from "../../kernel/tenancy.ts";
import { type FreeSlotDto, type FreeSlotsInput } from "./contract/availability.ts";
import { AppError } from "../../kernel/errors.ts";
import { availabilitySelect, companyTimeZone } from "./availability.ts";
import { feedBusyOf, refreshDueFeeds } from "./feeds.ts";
import { computeSlots, type PoolMember, type Slot } from "./slots.ts";
import { DEFAULT_WORKING_HOURS, type WorkingRange } from "./working-hours.ts";

/**
 * What the slot function needs of a pool (issue 42 §2), read in four queries whatever the pool's size:
 * the members, their availability (feeds read again where due), their scheduled interviews around
 * the window (busy and counted toward the daily cap) and the company's zone for members with none.
 */
const DAY = 86_400_000;

export interface PoolQuery {
  userIds: readonly string[];
  from: Date;
  to: Date;
  now: Date;
  /** The interview being rescheduled: its own time is not busy for it. */
  excludeInterviewId?: number;
}

export async function loadPool(db: ScopedDb | ScopedTx, companyId: number, query: PoolQuery): Promise<PoolMember[]> {
  const ids = [...query.userIds];
  const [users, rows, companyZone, seats] = await Promise.all([
    db.user.findMany({ where: { id: { in: ids } }, select: { id: true } }),
    db.memberAvailability.findMany({ where: { userId: { in: ids } }, select: availabilitySelect }),
    companyTimeZone(db, companyId),
    // A day around the window: the cap counts a whole local day, and buffers reach over its edges.
    db.interviewInterviewer.findMany({
      where: {
        userId: { in: ids },
        interview: {
          status: "scheduled",
          startAt: { lt: new Date(query.to.getTime() + DAY) },
          endAt: { gt: new Date(query.from.getTime() - DAY) },
          ...(query.excludeInterviewId === undefined ? {} : { id: { not: query.excludeInterviewId } }),
        },
      },
      select: { userId: true, interview: { select: { startAt: true, endAt: true } } },
    }),
  ]);
  await refreshDueFeeds(db, rows, query.now);
  const present = new Set(users.map((u) => u.id));
  const byUser = new Map(rows.map((row) => [row.userId, row]));
  return ids
    .filter((id) => present.has(id))
    .map((userId) => {
      const row = byUser.get(userId) ?? null;
      return {
        userId,
        timeZone: row?.timeZone ?? companyZone,
        workingHours: (row?.workingHours as WorkingRange[] | undefined) ?? DEFAULT_WORKING_HOURS,
        bufferMinutes: row?.bufferMinutes ?? 0,
        maxInterviewsPerDay: row?.maxInterviewsPerDay ?? null,
        interviews: seats.filter((seat) => seat.userId === userId).map(({ interview }) => ({ start: interview.startAt, end: interview.endAt })),
        feedBusy: feedBusyOf(row, query.now),
      };
    });
}

export interface SlotRules {
  durationMinutes: number;
  gridMinutes: number;
  minNoticeHours: number;
}

/** The free slots of a pool over a window (from is moved up to now: nothing in the past is offered). */
export async function poolSlots(db: ScopedDb | ScopedTx, companyId: number, query: PoolQuery, rules: SlotRules): Promise<Slot[]> {
  const from = new Date(Math.max(query.from.getTime(), query.now.getTime()));
  if (from >= query.to) return [];
  const pool = await loadPool(db, companyId, { ...query, from });
  if (pool.length === 0) throw new AppError("conflict", "No member of this link's pool is a member of the company any more");
  return computeSlots({ now: query.now, from, to: query.to, durationMinutes: rules.durationMinutes, gridMinutes: rules.gridMinutes, minNoticeHours: rules.minNoticeHours, pool });
}

const MAX_FREE_SLOT_DAYS = 14;

/**
 * The free times of a panel for the coordinator's schedule form: every member of `interviewer_ids`
 * free (a panel meets together), on a 30-minute grid, no notice. At most 14 days; at most 200 slots.
 */
export async function panelFreeSlots(svc: ServiceContext, input: FreeSlotsInput, now = new Date()): Promise<FreeSlotDto[]> {
  const from = new Date(input.from);
  const to = new Date(Math.min(new Date(input.to).getTime(), from.getTime() + MAX_FREE_SLOT_DAYS * DAY));
  if (to <= from) throw AppError.validation([{ field: "to", message: "Must be after from" }]);
  const members = new Set((await svc.db.user.findMany({ where: { id: { in: input.interviewer_ids } }, select: { id: true } })).map((u) => u.id));
  const missing = input.interviewer_ids.find((id) => !members.has(id));
  if (missing) throw AppError.notFound("User", missing);
  const slots = await poolSlots(svc.db, svc.companyId, { userIds: input.interviewer_ids, from, to, now }, { durationMinutes: input.duration_minutes, gridMinutes: 30, minNoticeHours: 0 });
  return slots
    .filter((slot) => input.interviewer_ids.every((id) => slot.userIds.includes(id)))
    .slice(0, 200)
    .map((slot) => ({ start_at: slot.startAt.toISOString(), end_at: slot.endAt.toISOString(), interviewer_ids: slot.userIds }));
}
