import { join, sql, type Sql } from "@hireflow/db";
import { type ServiceContext } from "../../kernel/context.ts";
import { AppError } from "../../kernel/errors.ts";
import { type StageType } from "../pipeline/contract/job-stages.ts";
import { type CursorKey, decodeCursorKey, encodeCursor } from "../../kernel/pagination.ts";
import { type ParsedQuery, fuzzy, parseQuery } from "./search-query-parse.ts";

/**
 * Candidate search and the company-wide candidate list: the one module with their SQL (Prisma
 * cannot express trigram or full-text matching). Raw queries bypass the company scoping extension,
 * so every query here filters on `company_id` itself, always with the company of the service
 * context. They return ids (and the sort key for the cursor); callers load the rows through the
 * scoped client.
 *
 * The database side (migration 20261125100000_candidate_search): `search_normalize()` lower-cases,
 * folds accents (unaccent), drops apostrophes and turns other punctuation into spaces; the
 * generated columns `search_name` (the normalised name) and `search_vector` (the words of the name
 * and the resume text) carry trigram and full-text GIN indexes, and e-mails and phone digits have
 * trigram indexes. The query text goes through the same `search_normalize()`.
 *
 * Relevance, best first (ties newest first): 4.5 the whole name; 4 a word of the name starts with
 * the text; 3.3 the name holds every word (any order, any part of a word), 3.2 the e-mail holds the
 * text, 3.1 the phone its digits (4+ digits, a leading trunk 0 dropped); 2 the name and the resume
 * together hold every word (the last one also by its beginning); 1–1.5, only when nothing above
 * matched: every word is in the name, some only by a similar spelling (pg_trgm word similarity ≥
 * SIMILARITY_THRESHOLD, words of 4+ characters: typos). Three queries (names, e-mails and phones ranked 3–4.5 in the first), on
 * indexes that lead with company_id, read best first until the page is full, each leaving out the
 * rows of those above it: a page costs what its own matches cost, and a name being typed usually
 * fills the page from the first query alone.
 * The cursor is (rank, id).
 */

export type CandidateSort = "relevance" | "newest" | "fit" | "name";

export interface CandidateFilters {
  jobId?: number;
  /** Stage keys (any of them). */
  stages?: string[];
  /** Types of the candidates' stages (any of them). */
  stageTypes?: StageType[];
  source?: "public_api" | "self_apply" | "manual" | "import";
  minFitScore?: number;
  /** Exact e-mail, case-insensitive (the API's `email`). */
  email?: string;
  /** Created strictly after (the API's `created_after`). */
  createdAfter?: string;
  /** Applied (created) at or after, inclusive. */
  appliedFrom?: string;
  /** Applied (created) before, exclusive. */
  appliedBefore?: string;
  updatedAfter?: string;
  hasResume?: boolean;
}

export interface CandidateSearchInput {
  /** Search text; blank means no search. */
  q?: string;
  filters: CandidateFilters;
  /** Default: relevance with a search, newest first without one. */
  sort?: CandidateSort;
  limit: number;
  cursor?: string;
}

export interface CandidateIdPage {
  ids: number[];
  /** With a search sorted by relevance: each id's rank (the tiers above); else empty. */
  ranks: Map<number, number>;
  pagination: { next_cursor: string | null; has_more: boolean };
}

/** Why a candidate matched a search, for the list's relevance cue. */
export type SearchMatch = "name" | "email" | "phone" | "resume" | "similar_name";

/** The cue of a rank (tiers above): 3.3+ the name, 3.2 the e-mail, 3.1 the phone, 2 the resume, below 2 a similar spelling. */
export function matchOf(rank: number | undefined): SearchMatch | null {
  if (rank === undefined) return null;
  if (rank < 2) return "similar_name";
  if (rank < 3) return "resume";
  if (rank < 3.15) return "phone";
  if (rank < 3.25) return "email";
  return "name";
}

/** Similar names: word similarity at least this (pg_trgm's default 0.6 misses "garica" → "garcia", 0.43). */
export const SIMILARITY_THRESHOLD = 0.4;

/**
 * The similar-names tier, the last one, may take this long; then it is left out of the answer. Its
 * trigram index finds every name sharing enough trigrams with the text, and each is then compared:
 * a few dozen in a real company, but a company where thousands of names share a first name and a
 * surname pattern could make one typo cost seconds. This bounds it; the other tiers never time out.
 */
export const SIMILAR_TIER_TIMEOUT_MS = 250;

/** PostgreSQL's query_canceled (57014): the statement_timeout of the similar-names tier. */
function isStatementTimeout(error: unknown): boolean {
  const text = error instanceof Error ? `${error.message} ${JSON.stringify((error as { meta?: unknown }).meta ?? null)}` : String(error);
  return text.includes("57014") || text.includes("statement timeout");
}

/**
 * A relevance tier: its match condition (index-backed), the same condition without the trigram
 * operator (to leave the tier's rows out of the tiers below without the threshold setting), its
 * rank (numeric, min ≤ rank < the next tier's min) and whether it needs SIMILARITY_THRESHOLD set.
 */
interface Tier {
  min: number;
  match: Sql;
  exclude: Sql;
  rank: Sql;
  similarity: boolean;
}

function tiers(q: ParsedQuery): Tier[] {
  const n = q.normalized;
  const list: (Tier | null)[] = [];
  // Every word in the name, one trigram condition each: the index finds the rows holding the rarest
  // words fast (one pattern of the whole text would also need the trigrams across the spaces).
  // Words of one or two characters: a word of the name starts with them (anchored, so indexable).
  const eachWord = q.words.length
    ? join(
        q.words.map((w) => (w.length >= 3 ? sql`c.search_name LIKE ${`%${w}%`}` : sql`(c.search_name LIKE ${`${w}%`} OR c.search_name LIKE ${`% ${w}%`})`)),
        " AND ",
      )
    : sql`false`;
  // 3–4.5, one query: the name holds every word (any order; words of 3+ characters anywhere in a
  // word), or the e-mail or the phone holds the text. Ranked 4.5 when the name is the text, 4 when a
  // word of the name starts with it (checked row by row), else 3.
  const parts = [
    n ? sql`(${eachWord})` : null,
    q.emailPattern ? sql`lower(c.email) LIKE ${q.emailPattern}` : null,
    q.phonePattern ? sql`regexp_replace(c.phone, '[^0-9]', '', 'g') LIKE ${q.phonePattern}` : null,
  ].filter((p): p is Sql => p !== null);
  if (parts.length) {
    const match = sql`(${join(parts, " OR ")})`;
    // Within 3: the name (3.3) above the e-mail (3.2) above the phone (3.1); matchOf() reads the cue back.
    const rank = sql`(CASE ${n ? sql`WHEN c.search_name = ${n} THEN 4.5 WHEN strpos(' ' || c.search_name, ${` ${n}`}) > 0 THEN 4 WHEN ${eachWord} THEN 3.3` : sql``}
      ${q.emailPattern ? sql`WHEN lower(c.email) LIKE ${q.emailPattern} THEN 3.2` : sql``} ELSE 3.1 END)::numeric`;
    list.push({ min: 3, match, exclude: match, rank, similarity: false });
  }
  // 2: the name and the resume together hold every word (the last one, 3+ characters, by its beginning).
  if (q.tsquery) {
    const match = sql`(c.search_vector @@ to_tsquery('simple'::regconfig, ${q.tsquery}))`;
    list.push({ min: 2, match, exclude: match, rank: sql`2::numeric`, similarity: false });
  }
  // 1–1.5: every word is in the name, at least one only by a similar spelling (typos), best first.
  if (q.words.some(fuzzy)) {
    const word = (w: string, similar: (w: string) => Sql) => (fuzzy(w) ? sql`(c.search_name LIKE ${`%${w}%`} OR ${similar(w)})` : sql`c.search_name LIKE ${`%${w}%`}`);
    list.push({
      min: 1,
      match: sql`(${join(q.words.map((w) => word(w, (x) => sql`${x} <% c.search_name`)), " AND ")})`,
      exclude: sql`(${join(q.words.map((w) => word(w, (x) => sql`word_similarity(${x}, c.search_name) >= ${SIMILARITY_THRESHOLD}`)), " AND ")})`,
      rank: sql`round(1 + word_similarity(${n}, c.search_name)::numeric / 2, 4)`,
      similarity: true,
    });
  }
  return list.filter((t): t is Tier => t !== null);
}

function filterSql(companyId: number, f: CandidateFilters): Sql {
  const parts: Sql[] = [sql`c.company_id = ${companyId}`];
  if (f.jobId !== undefined) parts.push(sql`c.job_id = ${f.jobId}`);
  if (f.stages !== undefined) parts.push(sql`c.stage = ANY(${f.stages}::text[])`);
  if (f.stageTypes !== undefined) {
    parts.push(sql`(EXISTS (SELECT 1 FROM job_stages s WHERE s.job_id = c.job_id AND s.key = c.stage AND s.type::text = ANY(${f.stageTypes}::text[]))
      OR (c.job_id IS NULL AND c.stage = ANY(${f.stageTypes}::text[])))`);
  }
  if (f.source !== undefined) parts.push(sql`c.application_source = ${f.source}::application_source`);
  if (f.minFitScore !== undefined) parts.push(sql`c.fit_score >= ${f.minFitScore}`);
  if (f.email !== undefined) parts.push(sql`lower(c.email) = lower(${f.email})`);
  if (f.createdAfter !== undefined) parts.push(sql`c.created_at > ${f.createdAfter}::timestamptz`);
  if (f.appliedFrom !== undefined) parts.push(sql`c.created_at >= ${f.appliedFrom}::timestamptz`);
  if (f.appliedBefore !== undefined) parts.push(sql`c.created_at < ${f.appliedBefore}::timestamptz`);
  if (f.updatedAfter !== undefined) parts.push(sql`c.updated_at > ${f.updatedAfter}::timestamptz`);
  if (f.hasResume !== undefined) parts.push(f.hasResume ? sql`c.resume_status IS NOT NULL` : sql`c.resume_status IS NULL`);
  return join(parts, " AND ");
}

const CURSOR_KEY: Record<CandidateSort, keyof CursorKey | null> = { relevance: "rank", newest: "at", fit: "fit", name: "name" };

/** The kind of list a cursor belongs to: the sort key it carries. */
export function cursorSortKey(cursor: CursorKey): keyof CursorKey | null {
  return (["rank", "at", "fit", "name"] as const).find((key) => key in cursor) ?? null;
}

function decodeFor(sort: CandidateSort, cursor: string | undefined) {
  const after = decodeCursorKey(cursor);
  if (after && cursorSortKey(after) !== CURSOR_KEY[sort]) {
    throw new AppError("bad_request", "The cursor belongs to a list with another sort or search; start again without cursor");
  }
  return after;
}

interface Row {
  id: number;
  rank: string | null;
  fit: number | null;
  name: string | null;
  at: Date | null;
}

/**
 * One page of candidate ids of the service's company, filtered, searched and sorted; `cursor` is
 * the previous page's `pagination.next_cursor`.
 */
export async function searchCandidateIds(svc: ServiceContext, input: CandidateSearchInput): Promise<CandidateIdPage> {
  const text = input.q?.trim() ?? "";
  const sort: CandidateSort = text ? (input.sort ?? "relevance") : input.sort === "relevance" || !input.sort ? "newest" : input.sort;
  const after = decodeFor(sort, input.cursor);
  const take = input.limit + 1;
  const filters = filterSql(svc.companyId, input.filters);
  const query = text ? await parseQuery(svc, text) : null;
  const matching = query ? tiers(query) : null;
  if (matching && matching.length === 0) return { ids: [], ranks: new Map(), pagination: { next_cursor: null, has_more: false } };

  const run = (statement: Sql, similarity: boolean): Promise<Row[]> =>
    similarity
      ? svc.db
          .$transaction([
            svc.db.$queryRaw`SELECT set_config('pg_trgm.word_similarity_threshold', ${String(SIMILARITY_THRESHOLD)}, true),
                                    set_config('statement_timeout', ${String(SIMILAR_TIER_TIMEOUT_MS)}, true)`,
            svc.db.$queryRaw<Row[]>(statement),
          ])
          .then(([, rows]) => rows)
          .catch((error: unknown) => {
            if (isStatementTimeout(error)) return [];
            throw error;
          })
      : svc.db.$queryRaw<Row[]>(statement);

  const rows: Row[] = [];
  if (sort === "relevance" && matching) {
    // Tier by tier, best first, until the page is full: a lower tier is read only when needed (one
    // statement for several tiers costs more than the round trips it saves whenever the first
    // tier fills the page, the common case of a name being typed).
    for (const [i, tier] of matching.entries()) {
      if (rows.length >= take) break;
      // Similar spellings are a fallback: only when nothing better matched, on this page or an earlier one
      // ("marcus" finds Marcus, not also Marco and Maria).
      if (tier.similarity && (rows.length > 0 || (after?.rank !== undefined && Number(after.rank) >= 2))) break;
      // Every row of a tier ranked above the cursor's rank was on an earlier page.
      if (after?.rank !== undefined && tier.min > Number(after.rank)) continue;
      const where = [filters, tier.match, ...matching.slice(0, i).map((t) => sql`NOT coalesce(${t.exclude}, false)`)];
      if (after?.rank !== undefined) where.push(sql`(${tier.rank}, c.id) < (${after.rank}::numeric, ${after.id})`);
      const statement = sql`SELECT t.id, t.rank::text AS rank, NULL::float8 AS fit, NULL::text AS name, NULL::timestamptz AS at FROM (
          SELECT c.id, ${tier.rank} AS rank FROM candidates c WHERE ${join(where, " AND ")} ORDER BY 2 DESC, c.id DESC LIMIT ${take - rows.length}
        ) t ORDER BY t.rank DESC, t.id DESC`;
      rows.push(...(await run(statement, tier.similarity)));
    }
  } else {
    const where = [filters];
    let used = matching;
    if (matching?.some((t) => t.similarity)) {
      // Similar spellings are a fallback here too: left out when anything matches better (one indexed probe).
      const better = matching.filter((t) => !t.similarity);
      const [found] = better.length
        ? await svc.db.$queryRaw<{ found: boolean }[]>`SELECT EXISTS (SELECT 1 FROM candidates c WHERE ${filters} AND (${join(better.map((t) => t.match), " OR ")})) AS found`
        : [{ found: false }];
      if (found?.found) used = better;
    }
    if (used) where.push(sql`(${join(used.map((t) => t.match), " OR ")})`);
    if (after) where.push(afterSql(sort, after));
    const statement = sql`SELECT c.id, NULL::text AS rank, c.fit_score AS fit, c.search_name AS name, c.created_at AS at FROM candidates c
      WHERE ${join(where, " AND ")} ORDER BY ${ORDER[sort]} LIMIT ${take}`;
    rows.push(...(await run(statement, used?.some((t) => t.similarity) ?? false)));
  }

  const hasMore = rows.length > input.limit;
  const items = hasMore ? rows.slice(0, input.limit) : rows;
  const last = items[items.length - 1];
  return {
    ids: items.map((r) => r.id),
    ranks: new Map(items.filter((r) => r.rank !== null).map((r) => [r.id, Number(r.rank)])),
    pagination: { next_cursor: hasMore && last ? encodeCursor(last.id, cursorKeyOf(sort, last)) : null, has_more: hasMore },
  };
}

const ORDER: Record<CandidateSort, Sql> = {
  // Relevance is the tiers' union above; a list without a search is never sorted by it.
  relevance: sql`c.id DESC`,
  // Newest is the applied date the list shows (created_at = applied_at; imports may backdate it), ties by id.
  newest: sql`c.created_at DESC, c.id DESC`,
  fit: sql`c.fit_score DESC NULLS LAST, c.id DESC`,
  name: sql`c.search_name COLLATE "C" ASC NULLS LAST, c.id ASC`,
};

function cursorKeyOf(sort: CandidateSort, row: Row): CursorKey {
  if (sort === "relevance") return { rank: row.rank ?? "0" };
  if (sort === "fit") return { fit: row.fit };
  if (sort === "name") return { name: row.name };
  return { at: (row.at ?? new Date(0)).toISOString() };
}

/** Rows after the cursor in the sort's order (fit and name: nulls last). */
function afterSql(sort: CandidateSort, after: { id: number } & CursorKey): Sql {
  if (sort === "fit") {
    const fit = after.fit ?? null;
    return fit === null
      ? sql`(c.fit_score IS NULL AND c.id < ${after.id})`
      : sql`(c.fit_score < ${fit} OR (c.fit_score = ${fit} AND c.id < ${after.id}) OR c.fit_score IS NULL)`;
  }
  if (sort === "name") {
    const name = after.name ?? null;
    return name === null
      ? sql`(c.search_name IS NULL AND c.id > ${after.id})`
      : sql`((c.search_name COLLATE "C", c.id) > (${name}::text COLLATE "C", ${after.id}) OR c.search_name IS NULL)`;
  }
  return sql`(c.created_at, c.id) < (${after.at ?? new Date(0).toISOString()}::timestamptz, ${after.id})`;
}

/** Rows loaded by id (through the scoped client), put in the order of `ids`. */
export function inOrder<T extends { id: number }>(ids: number[], rows: T[]): T[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.map((id) => byId.get(id)).filter((row): row is T => row !== undefined);
}
