import { AppError } from "../errors.ts";

/**
 * Keyset pagination on id (newest first). The cursor is the last id of the page, wrapped as
 * base64url JSON so clients treat it as opaque; a page deep in a list costs what the first does.
 */
export const DEFAULT_PAGE_SIZE = 25;

export function encodeCursor(lastId: number): string {
  return Buffer.from(JSON.stringify({ v: 1, id: lastId })).toString("base64url");
}

export function decodeCursor(cursor: string | undefined): number | undefined {
  if (cursor === undefined) return undefined;
  const invalid = () => new AppError("bad_request", "The cursor is invalid; pass pagination.next_cursor from a previous page");
  if (!/^[A-Za-z0-9_-]{1,500}$/.test(cursor)) throw invalid();
  try {
    const parsed = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as { v?: unknown; id?: unknown };
    if (parsed.v === 1 && Number.isSafeInteger(parsed.id) && (parsed.id as number) > 0) return parsed.id as number;
  } catch {
    // fall through
  }
  throw invalid();
}

/** Rows fetched with take = limit + 1 → the page and its pagination block. */
export function page<T extends { id: number }, U>(rows: T[], limit: number, serialize: (row: T) => U) {
  const hasMore = rows.length > limit;
  const items = hasMore ? rows.slice(0, limit) : rows;
  return {
    data: items.map(serialize),
    pagination: { next_cursor: hasMore ? encodeCursor(items[items.length - 1]!.id) : null, has_more: hasMore },
  };
}
