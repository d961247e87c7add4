import { type Job, poolOf } from "@hireflow/db";
import { type ServiceContext } from "../../kernel/context.ts";
import { baseClientOf } from "../../kernel/tenancy.ts";
import { jobPipelineFromCache, jobStageCacheActive } from "../pipeline/stage-cache.ts";
import { type JobStage } from "../pipeline/stages.ts";

/**
 * GET /jobs/{id} as one typed SQL statement on Prisma's own pool, like candidate-read.ts (and for the
 * same measured reason); filtered by the context's company here. typed-reads.test.ts compares the row
 * with Prisma's on every column.
 */
const JOB_COLUMNS = `j.id, j.company_id AS "companyId", j.department_id AS "departmentId", j.title, j.description,
    j.is_active AS "isActive", j.is_public AS "isPublic", j.locations, j.location_type AS "locationType",
    j.salary_min AS "salaryMin", j.salary_max AS "salaryMax", j.salary_currency AS "salaryCurrency",
    j.employment_type AS "employmentType", j.closes_at AS "closesAt", j.location_details AS "locationDetails", j.remote_countries AS "remoteCountries",
    j.screening_questions AS "screeningQuestions", j.screening, j.rescore_requested_at AS "rescoreRequestedAt", j.screening_notice_at AS "screeningNoticeAt",
    j.retired_stage_keys AS "retiredStageKeys", j.created_at AS "createdAt", j.updated_at AS "updatedAt", c.slug AS "companySlug"`;
const HIRING_TEAM_LEADS = `(SELECT json_agg(json_build_object('userId', l.user_id) ORDER BY l.position, l.user_id)
     FROM job_hiring_team_leads l WHERE l.job_id = j.id) AS "hiringTeamLeads"`;
const OF_JOB = `FROM jobs j JOIN companies c ON c.id = j.company_id WHERE j.company_id = $1 AND j.id = $2`;

const JOB_BY_ID = {
  name: "hireflow_job_by_id_with_stages",
  text: `SELECT ${JOB_COLUMNS},
    (SELECT json_agg(json_build_object('key', s.key, 'name', s.name, 'type', s.type, 'interviews', COALESCE(
        (SELECT json_agg(json_build_object('id', k.id, 'name', k.name, 'durationMinutes', k.duration_minutes, 'instructions', k.instructions,
            'attributes', k.attributes, 'questions', k.questions) ORDER BY k.position, k.id)
         FROM job_interviews k WHERE k.job_id = s.job_id AND k.stage_key = s.key), '[]'::json)) ORDER BY s.position, s.id)
     FROM job_stages s WHERE s.job_id = j.id) AS stages,
    ${HIRING_TEAM_LEADS} ${OF_JOB}`,
};

/**
 * The same read where this process caches the jobs' stages (stage-cache.ts): the stages come from
 * memory and the statement reads only the interview kits, tagged with their stage's key, in plan order.
 * The stages were ~30 µs of the statement's PostgreSQL time per GET (docs/BENCHMARKS.md, "Against the
 * job floor"); the kits stay in the statement, as nothing tells a cache of a kit's change.
 */
const JOB_BY_ID_STAGES_CACHED = {
  name: "hireflow_job_by_id_stages_cached",
  text: `SELECT ${JOB_COLUMNS},
    (SELECT json_agg(json_build_array(k.stage_key, k.id, k.name, k.duration_minutes, k.instructions, k.attributes, k.questions) ORDER BY k.position, k.id)
     FROM job_interviews k WHERE k.job_id = j.id) AS kits,
    ${HIRING_TEAM_LEADS} ${OF_JOB}`,
};

type KitTuple = [stageKey: string, id: number, name: string, durationMinutes: number, instructions: string, attributes: string[], questions: string[]];

/** A kit of a stage's interview plan as read with its job. */
export interface PlanKitRow {
  id: number;
  name: string;
  durationMinutes: number;
  instructions: string;
  attributes: string[];
  questions: string[];
}

export type PlannedStage = JobStage & { interviews: PlanKitRow[] };
export type JobWithCompanySlug = Job & { company: { slug: string }; stages: PlannedStage[]; hiringTeamLeads: { userId: string }[] };

/** Prisma's include for the same shape (a job with its company's slug and its stages in order, each with its interview plan). */
export const jobWithSlugAndStages = {
  stages: {
    select: {
      key: true as const,
      name: true as const,
      type: true as const,
      interviews: {
        select: { id: true as const, name: true as const, durationMinutes: true as const, instructions: true as const, attributes: true as const, questions: true as const },
        orderBy: [{ position: "asc" as const }, { id: "asc" as const }],
      },
    },
    orderBy: [{ position: "asc" as const }, { id: "asc" as const }],
  },
  company: { select: { slug: true as const } },
  hiringTeamLeads: { select: { userId: true as const }, orderBy: [{ position: "asc" as const }, { userId: "asc" as const }] },
};

export async function readJobRow(svc: ServiceContext, id: number): Promise<JobWithCompanySlug | null> {
  const base = baseClientOf(svc.db);
  if (!base) return svc.db.job.findUnique({ where: { id }, include: jobWithSlugAndStages });
  const pool = poolOf(base);
  if (jobStageCacheActive()) {
    const { rows } = await pool.query<JobSqlRow & { kits: KitTuple[] | null }>({ ...JOB_BY_ID_STAGES_CACHED, values: [svc.companyId, id] });
    if (!rows[0]) return null;
    const pipeline = await jobPipelineFromCache(pool, id, () => true);
    if (pipeline) {
      rows[0].stages = plannedStages(pipeline, rows[0].kits ?? []);
      return toJobRow(rows[0]);
    }
  }
  const { rows } = await pool.query<JobSqlRow>({ ...JOB_BY_ID, values: [svc.companyId, id] });
  return rows[0] ? toJobRow(rows[0]) : null;
}

type JobSqlRow = Job & { companySlug: string; stages: PlannedStage[] | null; hiringTeamLeads: { userId: string }[] | null };

/** The pipeline's stages, each with its kits in plan order (a kit of a stage dropped meanwhile has no stage to show it under). */
function plannedStages(pipeline: readonly JobStage[], kits: KitTuple[]): PlannedStage[] {
  const byStage = new Map<string, PlanKitRow[]>();
  for (const [stageKey, kitId, name, durationMinutes, instructions, attributes, questions] of kits) {
    let list = byStage.get(stageKey);
    if (!list) byStage.set(stageKey, (list = []));
    list.push({ id: kitId, name, durationMinutes, instructions, attributes, questions });
  }
  return pipeline.map((stage) => ({ key: stage.key, name: stage.name, type: stage.type, interviews: byStage.get(stage.key) ?? [] }));
}

/**
 * The SQL row as Prisma's include returns it, written out key by key: rest and spread over a row this
 * wide cost a measurable share of a GET's CPU (as toCandidateRow found; issue 44's GET target).
 */
function toJobRow(r: JobSqlRow): JobWithCompanySlug {
  return {
    id: r.id,
    companyId: r.companyId,
    departmentId: r.departmentId,
    title: r.title,
    description: r.description,
    isActive: r.isActive,
    isPublic: r.isPublic,
    locations: r.locations,
    locationType: r.locationType,
    salaryMin: r.salaryMin,
    salaryMax: r.salaryMax,
    salaryCurrency: r.salaryCurrency,
    employmentType: r.employmentType,
    closesAt: r.closesAt,
    locationDetails: r.locationDetails,
    remoteCountries: r.remoteCountries,
    screeningQuestions: r.screeningQuestions,
    screening: r.screening,
    rescoreRequestedAt: r.rescoreRequestedAt,
    screeningNoticeAt: r.screeningNoticeAt,
    retiredStageKeys: r.retiredStageKeys,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
    company: { slug: r.companySlug },
    stages: r.stages ?? [],
    hiringTeamLeads: r.hiringTeamLeads ?? [],
  };
}

export async function listDepartments(svc: ServiceContext): Promise<{ id: number; name: string }[]> {
  return svc.db.department.findMany({ select: { id: true, name: true }, orderBy: { name: "asc" } });
}
