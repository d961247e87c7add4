import { type Prisma } from "@hireflow/db";
import { type ScopedDb, type ScopedTx } from "../../kernel/tenancy.ts";
import { logger } from "../../kernel/logger.ts";
import { CalendarFeedError } from "./feed-error.ts";
import { busyFeedLoader } from "./feed-fetch.ts";
import { type BusyInterval } from "./slots.ts";

/**
 * Members' busy calendars (issue 42 §1), cached in member_availability so every server process shares
 * one copy: read again once the last attempt is REFRESH_MS old; a failed read keeps the last good copy
 * and records why; a copy older than STALE_MS is not used (stale data must never silently block
 * booking) and the member's page says so.
 */
export const FEED_REFRESH_MS = 5 * 60_000;
export const FEED_STALE_MS = 24 * 3_600_000;

/** The feed columns of member_availability. */
export interface FeedRow {
  userId: string;
  timeZone: string;
  busyCalendarUrl: string | null;
  feedBusy: Prisma.JsonValue | null;
  feedFetchedAt: Date | null;
  feedCheckedAt: Date | null;
  feedError: string | null;
}

export type FeedRead = { ok: true; busy: [number, number][] } | { ok: false; error: string };

/** Reads and parses one feed now. Never throws: a failure is the member's to see, in plain words. */
export async function refreshFeed(url: string, timeZone: string, now: Date): Promise<FeedRead> {
  try {
    const busy = await busyFeedLoader(url, timeZone, { now: () => now })();
    return { ok: true, busy: busy.map((b) => [b.start.getTime(), b.end.getTime()]) };
  } catch (error) {
    if (CalendarFeedError.isInstance(error)) return { ok: false, error: error.message };
    logger.warn("calendar feed read failed unexpectedly", { error: String(error) });
    return { ok: false, error: "The calendar could not be read" };
  }
}

const inFlight = new Map<string, Promise<void>>();

/** Reads again the feeds that are due, in parallel (one read per member at a time in this process), and stores the outcome. */
export async function refreshDueFeeds(db: ScopedDb | ScopedTx, rows: FeedRow[], now: Date): Promise<void> {
  const due = rows.filter((row) => row.busyCalendarUrl && (!row.feedCheckedAt || now.getTime() - row.feedCheckedAt.getTime() >= FEED_REFRESH_MS));
  await Promise.all(
    due.map((row) => {
      const running = inFlight.get(row.userId);
      if (running) return running;
      const work = (async () => {
        const read = await refreshFeed(row.busyCalendarUrl!, row.timeZone, now);
        const data = read.ok
          ? { feedBusy: read.busy as unknown as Prisma.InputJsonValue, feedFetchedAt: now, feedCheckedAt: now, feedError: null }
          : { feedCheckedAt: now, feedError: read.error };
        // Only if the address is still the one read: a PUT in between wins.
        await db.memberAvailability.updateMany({ where: { userId: row.userId, busyCalendarUrl: row.busyCalendarUrl }, data });
        Object.assign(row, data);
      })().finally(() => inFlight.delete(row.userId));
      inFlight.set(row.userId, work);
      return work;
    }),
  );
}

/** The feed's busy time to plan with: the last good copy unless it is older than a day. */
export function feedBusyOf(row: FeedRow | null, now: Date): BusyInterval[] {
  if (!row?.busyCalendarUrl || !row.feedFetchedAt || now.getTime() - row.feedFetchedAt.getTime() > FEED_STALE_MS) return [];
  const pairs = (row.feedBusy ?? []) as [number, number][];
  return pairs.map(([start, end]) => ({ start: new Date(start), end: new Date(end) }));
}

export function feedStatus(row: FeedRow | null, now: Date) {
  const connected = Boolean(row?.busyCalendarUrl);
  const stale = connected && (!row!.feedFetchedAt || now.getTime() - row!.feedFetchedAt.getTime() > FEED_STALE_MS);
  return { connected, fetched_at: row?.feedFetchedAt?.toISOString() ?? null, error: connected ? (row!.feedError ?? null) : null, stale };
}
