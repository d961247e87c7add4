import { poolOf } from "@hireflow/db";
import { type ServiceContext } from "../context.ts";
import { baseClientOf } from "../tenancy.ts";
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
    c.privacy_consent_at AS "privacyConsentAt", c.created_at AS "createdAt", c.updated_at AS "updatedAt"`;

/** The candidate with its job's title: the SELECT list of CANDIDATE_BY_ID (and of a locking read). */
export const CANDIDATE_WITH_JOB = `SELECT ${CANDIDATE_COLUMNS}, j.title AS "jobTitle" FROM candidates c LEFT JOIN jobs j ON j.id = c.job_id`;

const CANDIDATE_BY_ID = {
  name: "hireflow_candidate_by_id",
  text: `${CANDIDATE_WITH_JOB} WHERE c.company_id = $1 AND c.id = $2`,
};

export type CandidateSqlRow = Omit<CandidateRow, "job"> & { jobTitle: string | null };

export function toCandidateRow({ jobTitle, ...candidate }: CandidateSqlRow): CandidateRow {
  return { ...candidate, job: candidate.jobId === null ? null : { id: candidate.jobId, title: jobTitle! } };
}

export async function readCandidateRow(svc: ServiceContext, id: number): Promise<CandidateRow | null> {
  const base = baseClientOf(svc.db);
  if (!base) return svc.db.candidate.findUnique({ where: { id }, ...candidateRead });
  const { rows } = await poolOf(base).query<CandidateSqlRow>({ ...CANDIDATE_BY_ID, values: [svc.companyId, id] });
  return rows[0] ? toCandidateRow(rows[0]) : null;
}
