import { poolOf } from "@hireflow/db";
import { type ServiceContext } from "../../kernel/context.ts";
import { baseClientOf } from "../../kernel/tenancy.ts";
import { CANDIDATE_COLUMNS } from "./read.ts";
import { type JobStage } from "../pipeline/stages.ts";
import { type CandidateRow } from "./serialize.ts";

/**
 * POST /candidates' two statements as typed SQL on Prisma's own pool: the job (with what the create
 * needs of it and of its company), then the candidate and its activities in ONE statement (a
 * data-modifying CTE: atomic on its own, so no BEGIN/COMMIT round trips). Through Prisma the same
 * create took five round trips and most of the request's CPU (docs/BENCHMARKS.md). Only creates that
 * write nothing else take this path — no resume, no screening, no event; the others keep Prisma's
 * transaction (candidates.ts); the row comes back as candidate-read.ts reads it. candidate-insert.test.ts compares both paths' rows column by column.
 * Both filter by the context's company themselves. Null: the client has no pool of its own (a
 * transaction's client): the caller goes through Prisma.
 */
export interface JobForCreate {
  id: number;
  title: string;
  screening: unknown;
  region: string;
  /** The company's application-received switches (candidate-emails.ts). */
  applicationEmailEnabled: boolean;
  applicationEmailForApi: boolean;
  /** The job's pipeline, in order. */
  stages: JobStage[];
}

const JOB_FOR_CREATE = {
  name: "hireflow_job_for_create_with_stages_and_email",
  text: `SELECT j.id, j.title, j.screening, c.default_phone_region AS region,
    c.application_email_enabled AS "applicationEmailEnabled", c.application_email_for_api AS "applicationEmailForApi",
    (SELECT json_agg(json_build_object('key', s.key, 'name', s.name, 'type', s.type) ORDER BY s.position, s.id) FROM job_stages s WHERE s.job_id = j.id) AS stages
  FROM jobs j JOIN companies c ON c.id = j.company_id WHERE j.company_id = $1 AND j.id = $2`,
};

export async function readJobForCreate(svc: ServiceContext, jobId: number): Promise<JobForCreate | null | undefined> {
  const base = baseClientOf(svc.db);
  if (!base) return undefined;
  const { rows } = await poolOf(base).query<JobForCreate>({ ...JOB_FOR_CREATE, values: [svc.companyId, jobId] });
  const job = rows[0];
  return job ? { ...job, stages: job.stages ?? [] } : null;
}

export interface CandidateInsert {
  jobId: number;
  name: string | null;
  email: string | null;
  phone: string | null;
  linkedin: string | null;
  location: string | null;
  stage: string;
  applicationSource: "public_api" | "self_apply" | "manual" | "import";
  leadType: "applied" | "sourced" | "referred";
  answers: Record<string, unknown> | null;
  privacyConsentAt: Date | null;
  /** Set when the candidate is created straight into a hired / rejected-type stage. */
  hiredAt: Date | null;
  rejectedAt: Date | null;
}

export interface ActivityInsert {
  addedBy: "api" | "user" | "system" | "ai_agent";
  performerId: string | null;
  /** The `created` activity's data. */
  created: Record<string, unknown>;
  /** A first note, as a `note_added` activity after it. */
  note: string | null;
}

const INSERT_CANDIDATE = {
  name: "hireflow_insert_candidate",
  text: `WITH created AS (
    INSERT INTO candidates AS c (company_id, job_id, name, email, phone, linkedin, location, stage, application_source, lead_type, answers,
      privacy_consent_at, hired_at, rejected_at)
    VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::application_source, $10::lead_type, $11::jsonb, $12, $17, $18)
    RETURNING ${CANDIDATE_COLUMNS}
  ), activities AS (
    INSERT INTO candidate_activities (company_id, candidate_id, type, added_by, performer_id, data, note)
    SELECT created."companyId", created.id, a.type::activity_type, $13::actor, $14::uuid, a.data, a.note
    FROM created CROSS JOIN (VALUES (1, 'created', $15::jsonb, NULL::text), (2, 'note_added', NULL::jsonb, $16::text)) AS a(n, type, data, note)
    WHERE a.n = 1 OR $16::text IS NOT NULL
    ORDER BY a.n
  )
  SELECT * FROM created`,
};

export async function insertCandidate(
  svc: ServiceContext,
  job: Pick<JobForCreate, "id" | "title">,
  stage: JobStage,
  row: CandidateInsert,
  activity: ActivityInsert,
): Promise<CandidateRow | undefined> {
  const base = baseClientOf(svc.db);
  if (!base) return undefined;
  const { rows } = await poolOf(base).query<Omit<CandidateRow, "job" | "jobStage" | "rejectReason">>({
    ...INSERT_CANDIDATE,
    values: [
      svc.companyId,
      row.jobId,
      row.name,
      row.email,
      row.phone,
      row.linkedin,
      row.location,
      row.stage,
      row.applicationSource,
      row.leadType,
      row.answers === null ? null : JSON.stringify(row.answers),
      row.privacyConsentAt,
      activity.addedBy,
      activity.performerId,
      JSON.stringify(activity.created),
      activity.note,
      row.hiredAt,
      row.rejectedAt,
    ],
  });
  return { ...rows[0]!, job: { id: job.id, title: job.title }, jobStage: { name: stage.name, type: stage.type }, rejectReason: null };
}

// The candidate holding an e-mail in a job, for a 409's message: `lower(email)` as the unique index
// candidates_job_email_key is written, so the lookup is one index probe. Prisma's case-insensitive
// `equals` (ILIKE) cannot use that index and scanned the job's candidates (~5 ms per 409 at 10k).
const CANDIDATE_WITH_EMAIL = {
  name: "hireflow_candidate_with_email",
  text: `SELECT id FROM candidates WHERE company_id = $1 AND job_id = $2 AND lower(email) = lower($3) LIMIT 1`,
};

export async function findCandidateWithEmail(svc: ServiceContext, jobId: number, email: string): Promise<{ id: number } | null | undefined> {
  const base = baseClientOf(svc.db);
  if (!base) return undefined;
  const { rows } = await poolOf(base).query<{ id: number }>({ ...CANDIDATE_WITH_EMAIL, values: [svc.companyId, jobId, email] });
  return rows[0] ?? null;
}
