import { type ServiceContext } from "../../kernel/context.ts";
import { type JobStageDto, type JobStagesInput, STAGE_TYPES, type StageType } from "./contract/job-stages.ts";
import { AppError } from "../../kernel/errors.ts";
import { type ScopedDb, type ScopedTx } from "../../kernel/tenancy.ts";
import { recordAudit } from "../audit/audit.ts";

/**
 * A job's pipeline: the one place that knows what stages a job has and what a stage value means.
 * Every rule that used to know six fixed stages asks here: which stage a key or a type names
 * (resolveStage), what a new job starts with (the company's template or DEFAULT_PIPELINE, given by
 * the jobs_default_stages trigger), and how a pipeline is edited (replaceJobStages). The database
 * holds the invariant on its own: candidates (job_id, stage) is a foreign key to job_stages.
 */
export type JobStage = JobStageDto;

/** Today's six stages, key = type (also the migration's hireflow_default_pipeline(); a test compares them). */
export const DEFAULT_PIPELINE: readonly JobStage[] = [
  { key: "prospect", name: "Prospect", type: "prospect" },
  { key: "applied", name: "Applied", type: "applied" },
  { key: "phonescreen", name: "Phone screen", type: "phonescreen" },
  { key: "inprogress", name: "In progress", type: "inprogress" },
  { key: "hired", name: "Hired", type: "hired" },
  { key: "rejected", name: "Rejected", type: "rejected" },
];

const DEFAULT_NAMES = new Map(DEFAULT_PIPELINE.map((stage) => [stage.key, stage.name]));

export function isStageType(value: string): value is StageType {
  return (STAGE_TYPES as readonly string[]).includes(value);
}

/**
 * Name and type of a stage value when the job's pipeline is not at hand (a candidate without a job):
 * the default pipeline's, else the value itself as an in-progress stage.
 */
export function fallbackStage(stage: string): { name: string; type: StageType } {
  return { name: DEFAULT_NAMES.get(stage) ?? stage, type: isStageType(stage) ? stage : "inprogress" };
}

type Db = ScopedDb | ScopedTx;

export async function readJobStages(db: Db, jobId: number): Promise<JobStage[]> {
  return db.jobStage.findMany({ where: { jobId }, select: { key: true, name: true, type: true }, orderBy: [{ position: "asc" }, { id: "asc" }] });
}

/** The stages of several jobs at once (lists, the jobs page), in order. */
export async function readStagesOfJobs(db: Db, jobIds: number[]): Promise<Map<number, JobStage[]>> {
  const byJob = new Map<number, JobStage[]>(jobIds.map((id) => [id, []]));
  if (jobIds.length === 0) return byJob;
  const rows = await db.jobStage.findMany({
    where: { jobId: { in: jobIds } },
    select: { jobId: true, key: true, name: true, type: true },
    orderBy: [{ jobId: "asc" }, { position: "asc" }, { id: "asc" }],
  });
  for (const { jobId, ...stage } of rows) byJob.get(jobId)?.push(stage);
  return byJob;
}

/**
 * The stage a value names in a pipeline: a key of the job, or one of the six types (→ the first stage
 * of that type in the job's order). A key wins over a type of the same spelling.
 */
export function resolveStage(stages: readonly JobStage[], value: string): JobStage | undefined {
  return stages.find((stage) => stage.key === value) ?? (isStageType(value) ? stages.find((stage) => stage.type === value) : undefined);
}

/** The 400 for a stage value the job's pipeline does not have, naming the keys it has. */
export function unknownStageError(field: string, stages: readonly JobStage[], value: string): AppError {
  const keys = stages.map((stage) => stage.key).join(", ");
  const message = `Unknown stage "${value.slice(0, 60)}" for this job: use one of its stage keys (${keys}) or a stage type (${STAGE_TYPES.join(", ")})`;
  return AppError.validation([{ field, message }], message);
}

/** Resolves a stage value against a job's pipeline or throws the 400 naming the job's keys. */
export function requireStage(stages: readonly JobStage[], value: string, field = "stage"): JobStage {
  const stage = resolveStage(stages, value);
  if (!stage) throw unknownStageError(field, stages, value);
  return stage;
}

/** The first stage of a type (every pipeline has one of prospect, applied, hired and rejected). */
export function firstOfType(stages: readonly JobStage[], type: StageType): JobStage {
  return stages.find((stage) => stage.type === type) ?? DEFAULT_PIPELINE.find((stage) => stage.type === type)!;
}

/** A new job's stages (it holds no candidates yet): replaces what the trigger gave it. */
export async function setNewJobStages(tx: ScopedTx, companyId: number, jobId: number, stages: JobStagesInput): Promise<void> {
  await tx.$executeRaw`DELETE FROM job_stages WHERE job_id = ${jobId} AND company_id = ${companyId}`;
  await tx.$executeRaw`
    INSERT INTO job_stages (company_id, job_id, key, name, type, position)
    SELECT ${companyId}, ${jobId}, s.key, s.name, s.type::stage_type, s.position::int
    FROM unnest(${stages.map((s) => s.key)}::text[], ${stages.map((s) => s.name)}::text[], ${stages.map((s) => s.type)}::text[])
      WITH ORDINALITY AS s(key, name, type, position)`;
}

export function samePipeline(a: readonly JobStage[], b: readonly JobStage[]): boolean {
  return a.length === b.length && a.every((stage, i) => stage.key === b[i]!.key && stage.name === b[i]!.name && stage.type === b[i]!.type);
}

/** The company's template for new jobs (the default pipeline when none is set). */
export async function readPipelineTemplate(db: Db, companyId: number): Promise<{ stages: JobStage[]; is_default: boolean }> {
  const company = await db.company.findUnique({ where: { id: companyId }, select: { pipelineTemplate: true } });
  const template = company?.pipelineTemplate as JobStage[] | null | undefined;
  return template ? { stages: template, is_default: false } : { stages: [...DEFAULT_PIPELINE], is_default: true };
}

/** Sets (or, with null, resets to the default) the template new jobs copy; jobs that exist keep theirs. */
export async function updatePipelineTemplate(svc: ServiceContext, stages: JobStagesInput | null) {
  return svc.db.$transaction(async (tx) => {
    const before = await readPipelineTemplate(tx, svc.companyId);
    // A stage's kits go in without ids: each new job gets its own copies (the jobs_default_stages trigger).
    const value =
      stages === null
        ? null
        : stages.map(({ key, name, type, interviews }) => ({
            key,
            name,
            type,
            ...(interviews?.length && {
              interviews: interviews.map((kit) => ({ name: kit.name, duration_minutes: kit.duration_minutes, instructions: kit.instructions ?? "", attributes: kit.attributes ?? [], questions: kit.questions ?? [] })),
            }),
          }));
    const json = value === null ? null : JSON.stringify(value);
    await tx.$executeRaw`UPDATE companies SET pipeline_template = ${json}::jsonb, updated_at = now() WHERE id = ${svc.companyId}`;
    const after = await readPipelineTemplate(tx, svc.companyId);
    if (!samePipeline(before.stages, after.stages) || JSON.stringify(before.stages) !== JSON.stringify(after.stages)) {
      await recordAudit(tx, svc, { action: "pipeline_template.updated", target: { type: "company", id: svc.companyId }, data: { before: before.stages, after: after.stages } });
    }
    return after;
  });
}
