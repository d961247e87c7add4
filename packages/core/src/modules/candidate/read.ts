import { poolOf } from "@hireflow/db";
import { type ServiceContext } from "../../kernel/context.ts";
import { baseClientOf } from "../../kernel/tenancy.ts";
import { type StageType } from "../pipeline/contract/job-stages.ts";
import { fillStagesFromCache, jobStageCacheActive } from "../pipeline/stage-cache.ts";
import { type CandidateRow, candidateRead } from "./serialize.ts";

/**
 * GET /candidates/{id}, the hottest read, as one typed SQL statement on Prisma's own pool: measured
 * at a fraction of the client CPU of the same read through Prisma (docs/BENCHMARKS.md, "Typed SQL
 * for the hottest read"). It filters by the context's company itself, like candidate-search.ts. The
 * row is exactly what Prisma returns for `candidateRead` (candidate-read.test.ts compares them on
 * every column); a transaction's client, or one not made by createPrismaClient, goes through Prisma.
 */
/** Every candidate column but resume_text, as Prisma names them, of a table aliased `c`. */
export const CANDIDATE_COLUMNS = `c.id, c.public_id AS "publicId", c.company_id AS "companyId", c.job_id AS "jobId", c.name, c.email, c.phone,
    c.linkedin, c.location, c.stage, c.rating, c.fit_score AS "fitScore", c.application_source AS "applicationSource",
    c.lead_type AS "leadType", c.ats_candidate_id AS "atsCandidateId", c.answers, c.resume_blob_key AS "resumeBlobKey",
    c.resume_filename AS "resumeFilename", c.resume_content_type AS "resumeContentType", c.resume_size AS "resumeSize",
    c.resume_status AS "resumeStatus", c.resume_data AS "resumeData", c.resume_error AS "resumeError",
    c.fit_status AS "fitStatus", c.fit_engine AS "fitEngine", c.fit_scored_at AS "fitScoredAt", c.fit_criteria AS "fitCriteria",
    c.ai_opt_out AS "aiOptOut", c.privacy_consent_at AS "privacyConsentAt", c.reject_reason_id AS "rejectReasonId", c.rejected_at AS "rejectedAt",
    c.hired_at AS "hiredAt", c.created_at AS "createdAt", c.updated_at AS "updatedAt"`;

/**
 * The reject reason's name, looked up only for a candidate that has one (most have none). As a LEFT
 * JOIN the planner hashed the whole reject_reasons table for every read: a page of 25 candidates cost
 * twice the PostgreSQL CPU it costs this way (docs/BENCHMARKS.md, "Job pipelines: the API's cost").
 */
export const REJECT_REASON_NAME = `CASE WHEN c.reject_reason_id IS NOT NULL THEN (SELECT r.name FROM reject_reasons r WHERE r.id = c.reject_reason_id) END`;

/** What the row reads of its job, its stage (the job's pipeline) and its reject reason. */
export const CANDIDATE_JOINED_COLUMNS = `j.title AS "jobTitle", s.name AS "stageName", s.type::text AS "stageType", ${REJECT_REASON_NAME} AS "rejectReasonName"`;
export const CANDIDATE_JOINS = `LEFT JOIN jobs j ON j.id = c.job_id LEFT JOIN job_stages s ON s.job_id = c.job_id AND s.key = c.stage`;

/** The candidate with its job's title, stage and reject reason: the SELECT of CANDIDATE_BY_ID. */
const CANDIDATE_WITH_JOB = `SELECT ${CANDIDATE_COLUMNS}, ${CANDIDATE_JOINED_COLUMNS} FROM candidates c ${CANDIDATE_JOINS}`;

const CANDIDATE_BY_ID = {
  name: "hireflow_candidate_by_id",
  text: `${CANDIDATE_WITH_JOB} WHERE c.company_id = $1 AND c.id = $2`,
};

/**
 * The same read where this process caches the jobs' stages (job-stage-cache.ts): the stage's name and
 * type are filled in from memory, so the row costs no probe of job_stages. The NULLs keep the row's
 * shape the joined read's. Also the SELECT of PATCH's locking read (candidate-move.ts), which reads
 * the job's stages anyway.
 */
const CANDIDATE_JOINED_COLUMNS_BUT_STAGE = `j.title AS "jobTitle", NULL::text AS "stageName", NULL::text AS "stageType", ${REJECT_REASON_NAME} AS "rejectReasonName"`;
export const CANDIDATE_WITH_JOB_BUT_STAGE = `SELECT ${CANDIDATE_COLUMNS}, ${CANDIDATE_JOINED_COLUMNS_BUT_STAGE} FROM candidates c LEFT JOIN jobs j ON j.id = c.job_id`;
const CANDIDATE_BY_ID_STAGE_CACHED = {
  name: "hireflow_candidate_by_id_stage_cached",
  text: `${CANDIDATE_WITH_JOB_BUT_STAGE} WHERE c.company_id = $1 AND c.id = $2`,
};

export interface JoinedColumns {
  jobTitle: string | null;
  stageName: string | null;
  stageType: StageType | null;
  rejectReasonName: string | null;
}
export type CandidateSqlRow = Omit<CandidateRow, "job" | "jobStage" | "rejectReason"> & JoinedColumns;

/** The joined columns as the nested objects Prisma's include returns. */
export function joinedOf(row: { jobId: number | null; rejectReasonId: number | null } & JoinedColumns): Pick<CandidateRow, "job" | "jobStage" | "rejectReason"> {
  return {
    job: row.jobId === null ? null : { id: row.jobId, title: row.jobTitle! },
    jobStage: row.stageName === null ? null : { name: row.stageName, type: row.stageType! },
    rejectReason: row.rejectReasonId === null ? null : { id: row.rejectReasonId, name: row.rejectReasonName! },
  };
}

/**
 * The SQL row as Prisma's `candidateRead` returns it. Written out field by field: rest and spread over
 * a row this wide cost a measurable share of a read's CPU (docs/BENCHMARKS.md, "Job pipelines: the
 * API's cost"); typed-reads.test.ts checks the result equals Prisma's, key for key.
 */
export function toCandidateRow(r: CandidateSqlRow): CandidateRow {
  return {
    id: r.id,
    publicId: r.publicId,
    companyId: r.companyId,
    jobId: r.jobId,
    name: r.name,
    email: r.email,
    phone: r.phone,
    linkedin: r.linkedin,
    location: r.location,
    stage: r.stage,
    rating: r.rating,
    fitScore: r.fitScore,
    applicationSource: r.applicationSource,
    leadType: r.leadType,
    atsCandidateId: r.atsCandidateId,
    answers: r.answers,
    resumeBlobKey: r.resumeBlobKey,
    resumeFilename: r.resumeFilename,
    resumeContentType: r.resumeContentType,
    resumeSize: r.resumeSize,
    resumeStatus: r.resumeStatus,
    resumeData: r.resumeData,
    resumeError: r.resumeError,
    fitStatus: r.fitStatus,
    fitEngine: r.fitEngine,
    fitScoredAt: r.fitScoredAt,
    fitCriteria: r.fitCriteria,
    aiOptOut: r.aiOptOut,
    privacyConsentAt: r.privacyConsentAt,
    rejectReasonId: r.rejectReasonId,
    rejectedAt: r.rejectedAt,
    hiredAt: r.hiredAt,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
    ...joinedOf(r),
  };
}

export async function readCandidateRow(svc: ServiceContext, id: number): Promise<CandidateRow | null> {
  const base = baseClientOf(svc.db);
  if (!base) return svc.db.candidate.findUnique({ where: { id }, ...candidateRead });
  const pool = poolOf(base);
  if (jobStageCacheActive()) {
    const { rows } = await pool.query<CandidateSqlRow>({ ...CANDIDATE_BY_ID_STAGE_CACHED, values: [svc.companyId, id] });
    if (!rows[0]) return null;
    if (await fillStagesFromCache(pool, rows)) return toCandidateRow(rows[0]);
  }
  const { rows } = await pool.query<CandidateSqlRow>({ ...CANDIDATE_BY_ID, values: [svc.companyId, id] });
  return rows[0] ? toCandidateRow(rows[0]) : null;
}
