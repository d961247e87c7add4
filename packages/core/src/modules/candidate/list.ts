import { createHash } from "node:crypto";
import { join, poolOf, sql, type Prisma, Sql } from "@hireflow/db";
import { type ServiceContext } from "../../kernel/context.ts";
import { baseClientOf } from "../../kernel/tenancy.ts";
import { type CursorKey } from "../../kernel/pagination.ts";
import { type StageType } from "../pipeline/contract/job-stages.ts";
import { joinedOf, type JoinedColumns, REJECT_REASON_NAME } from "./read.ts";
import { fillStagesFromCache, jobStageCacheActive } from "../pipeline/stage-cache.ts";
import { type CandidateSummaryRow, candidateSummarySelect } from "./serialize.ts";

/**
 * GET /candidates without `q`: one page of a company's candidates, filtered, newest first or by fit
 * score, after a keyset cursor. The API's hottest list, so it is one typed SQL statement on Prisma's
 * own pool (as candidate-read.ts; docs/BENCHMARKS.md measured Prisma's per-query CPU as most of a list
 * request). It filters by the context's company itself. The rows are exactly what Prisma returns for
 * `candidateSummarySelect` (candidate-list.test.ts compares both on every filter, sort and cursor); a
 * transaction's client, or one not made by createPrismaClient, goes through Prisma.
 */
export interface CandidateListFilters {
  jobId?: number;
  /** Stage keys (any of them). */
  stages?: string[];
  /** Stage types (any of them): the type of the candidate's stage in its job's pipeline. */
  stageTypes?: StageType[];
  /** Exact e-mail, case-insensitive. */
  email?: string;
  createdAfter?: Date;
  updatedAfter?: Date;
  minFitScore?: number;
}

export type CandidateListOrder = "newest" | "fit";

export interface CandidateListQuery {
  filters: CandidateListFilters;
  order: CandidateListOrder;
  /** The previous page's last row (id, and its fit score when sorted by fit). */
  after?: { id: number } & CursorKey;
  take: number;
}

const SUMMARY_COLUMNS = sql`c.id, c.public_id AS "publicId", c.name, c.email, c.phone, c.linkedin, c.location, c.stage, c.rating,
  c.fit_score AS "fitScore", c.application_source AS "applicationSource", c.ats_candidate_id AS "atsCandidateId",
  c.rejected_at AS "rejectedAt", c.hired_at AS "hiredAt", c.created_at AS "createdAt", c.updated_at AS "updatedAt",
  c.job_id AS "jobId", c.reject_reason_id AS "rejectReasonId", j.title AS "jobTitle", ${new Sql([REJECT_REASON_NAME], [])} AS "rejectReasonName"`;
/**
 * With the stage joined, or (where this process caches the jobs' stages, job-stage-cache.ts) without:
 * the stage's name and type then come from memory and the page costs no probe of job_stages per row.
 * A filter by stage type needs the join either way.
 */
const LIST_SHAPES = {
  joined: {
    columns: sql`${SUMMARY_COLUMNS}, s.name AS "stageName", s.type::text AS "stageType"`,
    from: sql`candidates c LEFT JOIN jobs j ON j.id = c.job_id LEFT JOIN job_stages s ON s.job_id = c.job_id AND s.key = c.stage`,
  },
  stageCached: {
    columns: sql`${SUMMARY_COLUMNS}, NULL::text AS "stageName", NULL::text AS "stageType"`,
    from: sql`candidates c LEFT JOIN jobs j ON j.id = c.job_id`,
  },
} as const;

// Newest: the applied date the candidate shows (created_at = applied_at; imports may backdate it), ties by id.
const ORDER = { newest: sql`c.created_at DESC, c.id DESC`, fit: sql`c.fit_score DESC NULLS LAST, c.id DESC` } as const;

type SqlRow = Omit<CandidateSummaryRow, "job" | "jobStage" | "rejectReason"> & { jobId: number | null; rejectReasonId: number | null } & JoinedColumns;

export async function listCandidateRows(svc: ServiceContext, query: CandidateListQuery): Promise<CandidateSummaryRow[]> {
  const base = baseClientOf(svc.db);
  if (!base) return listThroughPrisma(svc, query);
  const pool = poolOf(base);
  if (query.filters.stageTypes === undefined && jobStageCacheActive()) {
    const rows = await queryPage(pool, listSql(svc.companyId, query, LIST_SHAPES.stageCached));
    if (await fillStagesFromCache(pool, rows)) return rows.map(summaryRowOf);
  }
  return (await queryPage(pool, listSql(svc.companyId, query, LIST_SHAPES.joined))).map(summaryRowOf);
}

async function queryPage(pool: ReturnType<typeof poolOf>, statement: Sql): Promise<SqlRow[]> {
  // Named, so each connection parses a shape once; the name is the text's hash (a shape per filter set).
  const name = `hireflow_candidate_list_${createHash("sha1").update(statement.text).digest("hex").slice(0, 16)}`;
  return (await pool.query<SqlRow>({ name, text: statement.text, values: statement.values as unknown[] })).rows;
}

/**
 * The SQL row as Prisma's `candidateSummarySelect` returns it. Written out field by field: rest and
 * spread over a page of 25 wide rows was a measurable share of the list's CPU (docs/BENCHMARKS.md,
 * "Job pipelines: the API's cost"); candidate-list.test.ts checks the result equals Prisma's.
 */
function summaryRowOf(r: SqlRow): CandidateSummaryRow {
  return {
    id: r.id,
    publicId: r.publicId,
    name: r.name,
    email: r.email,
    phone: r.phone,
    linkedin: r.linkedin,
    location: r.location,
    stage: r.stage,
    rating: r.rating,
    fitScore: r.fitScore,
    applicationSource: r.applicationSource,
    atsCandidateId: r.atsCandidateId,
    rejectedAt: r.rejectedAt,
    hiredAt: r.hiredAt,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
    ...joinedOf(r),
  };
}

function listSql(companyId: number, { filters: f, order, after, take }: CandidateListQuery, shape: (typeof LIST_SHAPES)[keyof typeof LIST_SHAPES]): Sql {
  const where: Sql[] = [sql`c.company_id = ${companyId}`];
  if (f.jobId !== undefined) where.push(sql`c.job_id = ${f.jobId}`);
  if (f.stages !== undefined) where.push(sql`c.stage = ANY(${f.stages}::text[])`);
  // A candidate without a job has no pipeline: its stage value stands for its type.
  if (f.stageTypes !== undefined) where.push(sql`(s.type::text = ANY(${f.stageTypes}::text[]) OR (c.job_id IS NULL AND c.stage = ANY(${f.stageTypes}::text[])))`);
  if (f.email !== undefined) where.push(sql`lower(c.email) = lower(${f.email})`);
  if (f.createdAfter !== undefined) where.push(sql`c.created_at > ${f.createdAfter}`);
  if (f.updatedAfter !== undefined) where.push(sql`c.updated_at > ${f.updatedAfter}`);
  if (f.minFitScore !== undefined) where.push(sql`c.fit_score >= ${f.minFitScore}`);
  if (after) where.push(order === "fit" ? afterFitSql(after.id, after.fit ?? null) : sql`(c.created_at, c.id) < (${new Date(after.at ?? 0)}, ${after.id})`);
  return sql`SELECT ${shape.columns} FROM ${shape.from}
    WHERE ${join(where, " AND ")} ORDER BY ${ORDER[order]} LIMIT ${take}`;
}

/** Rows after (fit, id) in "fit score descending, nulls last, then id descending" order. */
function afterFitSql(id: number, fit: number | null): Sql {
  if (fit === null) return sql`(c.fit_score IS NULL AND c.id < ${id})`;
  return sql`(c.fit_score < ${fit} OR (c.fit_score = ${fit} AND c.id < ${id}) OR c.fit_score IS NULL)`;
}

/** The same page through the scoped client (a transaction's client has no pool of its own). */
export function listThroughPrisma(svc: ServiceContext, { filters: f, order, after, take }: CandidateListQuery): Promise<CandidateSummaryRow[]> {
  return svc.db.candidate.findMany({
    where: {
      ...(f.jobId === undefined ? {} : { jobId: f.jobId }),
      ...(f.stages === undefined ? {} : { stage: { in: f.stages } }),
      ...(f.stageTypes === undefined ? {} : { AND: [{ OR: [{ jobStage: { type: { in: f.stageTypes } } }, { jobId: null, stage: { in: f.stageTypes } }] }] }),
      ...(f.email === undefined ? {} : { email: { equals: f.email, mode: "insensitive" as const } }),
      ...(f.createdAfter === undefined ? {} : { createdAt: { gt: f.createdAfter } }),
      ...(f.updatedAfter === undefined ? {} : { updatedAt: { gt: f.updatedAfter } }),
      ...(f.minFitScore === undefined ? {} : { fitScore: { gte: f.minFitScore } }),
      ...(after === undefined ? {} : order === "fit" ? afterFit(after.id, after.fit ?? null) : afterNewest(after.id, new Date(after.at ?? 0))),
    },
    select: candidateSummarySelect,
    orderBy: order === "fit" ? [{ fitScore: { sort: "desc", nulls: "last" } }, { id: "desc" }] : [{ createdAt: "desc" }, { id: "desc" }],
    take,
  });
}

function afterNewest(id: number, at: Date): Prisma.CandidateWhereInput {
  return { OR: [{ createdAt: { lt: at } }, { createdAt: at, id: { lt: id } }] };
}

function afterFit(id: number, fit: number | null): Prisma.CandidateWhereInput {
  if (fit === null) return { fitScore: null, id: { lt: id } };
  return { OR: [{ fitScore: { lt: fit } }, { fitScore: fit, id: { lt: id } }, { fitScore: null }] };
}
