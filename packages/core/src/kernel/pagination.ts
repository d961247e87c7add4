import { AppError } from "./errors.ts";

/**
 * Keyset pagination on id (newest first). The cursor is the last id of the page, wrapped as
 * base64url JSON so clients treat it as opaque; a page deep in a list costs what the first does.
 */
export const DEFAULT_PAGE_SIZE = 25;

/**
 * A list sorted by something else than id carries that key too: `at` (the creation time, ISO 8601:
 * candidates newest first), `fit` (the fit score, null last), `rank` (a search's relevance, a decimal
 * string: services/candidate-search.ts), `name` (the normalised name, null last).
 */
export interface CursorKey {
  at?: string;
  fit?: number | null;
  rank?: string;
  name?: string | null;
}

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

export function encodeCursor(lastId: number, key: CursorKey = {}): string {
  return Buffer.from(JSON.stringify({ v: 1, id: lastId, ...key })).toString("base64url");
}

const invalidCursor = () => new AppError("bad_request", "The cursor is invalid; pass pagination.next_cursor from a previous page");

export function decodeCursorKey(cursor: string | undefined): ({ id: number } & CursorKey) | undefined {
  if (cursor === undefined) return undefined;
  // Name-sorted lists carry a name: their cursors may be longer than the API's 500 characters.
  if (!/^[A-Za-z0-9_-]{1,2000}$/.test(cursor)) throw invalidCursor();
  try {
    const parsed = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as { v?: unknown; id?: unknown; at?: unknown; fit?: unknown; rank?: unknown; name?: unknown };
    const atValid = parsed.at === undefined || (typeof parsed.at === "string" && ISO_TIME.test(parsed.at) && Number.isFinite(Date.parse(parsed.at)));
    const fitValid = parsed.fit === undefined || parsed.fit === null || Number.isFinite(parsed.fit);
    const rankValid = parsed.rank === undefined || (typeof parsed.rank === "string" && /^[0-9]{1,3}(\.[0-9]{1,12})?$/.test(parsed.rank));
    const nameValid = parsed.name === undefined || parsed.name === null || (typeof parsed.name === "string" && parsed.name.length <= 1000 && !parsed.name.includes("\u0000"));
    if (parsed.v === 1 && Number.isSafeInteger(parsed.id) && (parsed.id as number) > 0 && atValid && fitValid && rankValid && nameValid) {
      return {
        id: parsed.id as number,
        ...(parsed.at !== undefined && { at: parsed.at as string }),
        ...(parsed.fit !== undefined && { fit: parsed.fit as number | null }),
        ...(parsed.rank !== undefined && { rank: parsed.rank as string }),
        ...(parsed.name !== undefined && { name: parsed.name as string | null }),
      };
    }
  } catch {
    // fall through
  }
  throw invalidCursor();
}

export function decodeCursor(cursor: string | undefined): number | undefined {
  return decodeCursorKey(cursor)?.id;
}

/** Rows fetched with take = limit + 1 → the page and its pagination block. */
export function page<T extends { id: number }, U>(rows: T[], limit: number, serialize: (row: T) => U, keyOf: (row: T) => CursorKey = () => ({})) {
  const hasMore = rows.length > limit;
  const items = hasMore ? rows.slice(0, limit) : rows;
  const last = items[items.length - 1];
  return {
    data: items.map(serialize),
    pagination: { next_cursor: hasMore && last ? encodeCursor(last.id, keyOf(last)) : null, has_more: hasMore },
  };
}

/**
 * Keyset pagination on (time, uuid), newest first, for rows with uuid ids (events): the cursor is
 * the last row's time and id, opaque like the others. A cursor of an id-keyed list is refused, and
 * an id-keyed list refuses this one (its id is not an integer).
 */
export interface TimeCursor {
  at: Date;
  id: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function encodeTimeCursor(at: Date, id: string): string {
  return Buffer.from(JSON.stringify({ v: 1, at: at.toISOString(), id })).toString("base64url");
}

export function decodeTimeCursor(cursor: string | undefined): TimeCursor | undefined {
  if (cursor === undefined) return undefined;
  if (!/^[A-Za-z0-9_-]{1,500}$/.test(cursor)) throw invalidCursor();
  try {
    const parsed = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as { v?: unknown; at?: unknown; id?: unknown };
    if (parsed.v === 1 && typeof parsed.id === "string" && UUID.test(parsed.id) && typeof parsed.at === "string") {
      const at = new Date(parsed.at);
      if (Number.isFinite(at.getTime()) && at.toISOString() === parsed.at) return { at, id: parsed.id };
    }
  } catch {
    // fall through
  }
  throw invalidCursor();
}

/** Rows fetched with take = limit + 1 → the page's rows and its pagination block, keyed by (time, id). */
export function timePage<T extends { id: string }>(rows: T[], limit: number, timeOf: (row: T) => Date) {
  const hasMore = rows.length > limit;
  const items = hasMore ? rows.slice(0, limit) : rows;
  const last = items[items.length - 1];
  return {
    items,
    pagination: { next_cursor: hasMore && last ? encodeTimeCursor(timeOf(last), last.id) : null, has_more: hasMore },
  };
}
