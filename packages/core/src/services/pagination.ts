import { AppError } from "../errors.ts";

/**
 * Keyset pagination on id (newest first). The cursor is the last id of the page, wrapped as
 * base64url JSON so clients treat it as opaque; a page deep in a list costs what the first does.
 */
export const DEFAULT_PAGE_SIZE = 25;

/** A list sorted by something else than id carries that key too (`fit`: the fit score, null last). */
export interface CursorKey {
  fit?: number | null;
}

export function encodeCursor(lastId: number, key: CursorKey = {}): string {
  return Buffer.from(JSON.stringify({ v: 1, id: lastId, ...key })).toString("base64url");
}

const invalidCursor = () => new AppError("bad_request", "The cursor is invalid; pass pagination.next_cursor from a previous page");

export function decodeCursorKey(cursor: string | undefined): ({ id: number } & CursorKey) | undefined {
  if (cursor === undefined) return undefined;
  if (!/^[A-Za-z0-9_-]{1,500}$/.test(cursor)) throw invalidCursor();
  try {
    const parsed = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as { v?: unknown; id?: unknown; fit?: unknown };
    const fitValid = parsed.fit === undefined || parsed.fit === null || Number.isFinite(parsed.fit);
    if (parsed.v === 1 && Number.isSafeInteger(parsed.id) && (parsed.id as number) > 0 && fitValid) {
      return { id: parsed.id as number, ...(parsed.fit !== undefined && { fit: parsed.fit as number | null }) };
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
