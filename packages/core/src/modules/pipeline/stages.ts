import { type ServiceContext, actorKind, actorUserId } from "../../kernel/context.ts";
import { type JobStageDto, type JobStagesInput, STAGE_TYPES, type StageType } from "./contract/job-stages.ts";
import { AppError, type ErrorDetail } from "../../kernel/errors.ts";
import { type ScopedDb, type ScopedTx } from "../../kernel/tenancy.ts";
import { recordAudit } from "../audit/audit.ts";
import { cancelScheduledRejectionsOfJob } from "../mail/candidate-emails.ts";

/**
 * A job's pipeline: the one place that knows what stages a job has and what a stage value means.
 * Every rule that used to know six fixed stages asks here: which stage a key or a type names
 * (resolveStage), what a new job starts with (the company's template or DEFAULT_PIPELINE, given by
 * the jobs_default_stages trigger), and how a pipeline is edited (replaceJobStages). The database
 * holds the invariant on its own: candidates (job_id, stage) is a foreign key to job_stages.
 */
export type PipelineStage = JobStageDto;

/** Today's six stages, key = type (also the migration's hireflow_default_pipeline(); a test compares them). */
export const DEFAULT_PIPELINE: readonly PipelineStage[] = [
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

export async function readJobStages(db: Db, jobId: number): Promise<PipelineStage[]> {
  return db.jobStage.findMany({ where: { jobId }, select: { key: true, name: true, type: true }, orderBy: [{ position: "asc" }, { id: "asc" }] });
}

/** The stages of several jobs at once (lists, the jobs page), in order. */
export async function readStagesOfJobs(db: Db, jobIds: number[]): Promise<Map<number, PipelineStage[]>> {
  const byJob = new Map<number, PipelineStage[]>(jobIds.map((id) => [id, []]));
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
export function resolveStage(stages: readonly PipelineStage[], value: string): PipelineStage | undefined {
  return stages.find((stage) => stage.key === value) ?? (isStageType(value) ? stages.find((stage) => stage.type === value) : undefined);
}

/** The 400 for a stage value the job's pipeline does not have, naming the keys it has. */
export function unknownStageError(field: string, stages: readonly PipelineStage[], value: string): AppError {
  const keys = stages.map((stage) => stage.key).join(", ");
  const message = `Unknown stage "${value.slice(0, 60)}" for this job: use one of its stage keys (${keys}) or a stage type (${STAGE_TYPES.join(", ")})`;
  return AppError.validation([{ field, message }], message);
}

/** Resolves a stage value against a job's pipeline or throws the 400 naming the job's keys. */
export function requireStage(stages: readonly PipelineStage[], value: string, field = "stage"): PipelineStage {
  const stage = resolveStage(stages, value);
  if (!stage) throw unknownStageError(field, stages, value);
  return stage;
}

/** The first stage of a type (every pipeline has one of prospect, applied, hired and rejected). */
export function firstOfType(stages: readonly PipelineStage[], type: StageType): PipelineStage {
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

export interface PipelineEdit {
  jobId: number;
  stages: JobStagesInput;
  /** `{dropped key: key of the new list}` for dropped stages that hold candidates. */
  stageMoves?: Record<string, string>;
}

export interface PipelineEditResult {
  before: PipelineStage[];
  after: PipelineStage[];
  /** Candidates re-mapped per dropped key. */
  moved: Record<string, number>;
}

/**
 * Replaces a job's stages with `stages` inside the caller's transaction: renames and re-orders keep
 * keys, new keys are added, dropped ones deleted. A dropped stage that holds candidates needs a
 * target in `stageMoves` (else 409 naming the stage and the count); its candidates move there in
 * one statement each (no events: it is an edit of the pipeline, recorded in each candidate's
 * timeline and in the audit log). The job row is locked, so edits of one job are serialised, and the
 * dropped stages are locked FOR UPDATE before their candidates are counted: a concurrent move into
 * one waits for this transaction and then fails the foreign key, so no candidate is left in a stage
 * the job no longer has.
 */
export async function replaceJobStages(tx: ScopedTx, svc: ServiceContext, edit: PipelineEdit): Promise<PipelineEditResult> {
  const { jobId, stages } = edit;
  const moves = edit.stageMoves ?? {};
  const jobs = await tx.$queryRaw<{ retired: string[]; title: string }[]>`
    SELECT retired_stage_keys AS retired, title FROM jobs WHERE id = ${jobId} AND company_id = ${svc.companyId} FOR UPDATE`;
  const job = jobs[0];
  if (!job) throw AppError.notFound("Job", jobId);
  const before = await readJobStages(tx, jobId);
  const kept = new Set(stages.map((stage) => stage.key));
  const existing = new Set(before.map((stage) => stage.key));
  const dropped = before.filter((stage) => !kept.has(stage.key)).map((stage) => stage.key);

  const details: ErrorDetail[] = [];
  stages.forEach((stage, index) => {
    if (!existing.has(stage.key) && job.retired.includes(stage.key)) {
      details.push({ field: `stages[${index}].key`, message: `"${stage.key}" was the key of a removed stage of this job and cannot be reused` });
    }
  });
  for (const [from, to] of Object.entries(moves)) {
    if (!dropped.includes(from)) details.push({ field: `stage_moves.${from}`, message: existing.has(from) ? `Stage "${from}" is not removed by this edit` : `The job has no stage "${from}"` });
    else if (!kept.has(to)) details.push({ field: `stage_moves.${from}`, message: `"${to}" is not a key of the new stages` });
  }
  if (details.length) throw AppError.validation(details);

  const counts = new Map<string, number>();
  if (dropped.length) {
    // Lock what is dropped before counting: a move into it now waits for this transaction.
    await tx.$queryRaw`SELECT id FROM job_stages WHERE job_id = ${jobId} AND company_id = ${svc.companyId} AND key = ANY(${dropped}::text[]) FOR UPDATE`;
    const rows = await tx.$queryRaw<{ stage: string; count: number }[]>`
      SELECT stage, count(*)::int AS count FROM candidates
      WHERE company_id = ${svc.companyId} AND job_id = ${jobId} AND stage = ANY(${dropped}::text[]) GROUP BY stage`;
    for (const row of rows) counts.set(row.stage, row.count);
  }
  const blocked = dropped.filter((key) => (counts.get(key) ?? 0) > 0 && moves[key] === undefined);
  if (blocked.length) {
    const what = blocked.map((key) => `"${key}" holds ${counts.get(key)} candidate${counts.get(key) === 1 ? "" : "s"}`).join("; ");
    throw new AppError("conflict", `Cannot remove a stage that holds candidates: ${what}. Give stage_moves to say where they go.`, {
      details: blocked.map((key) => ({ field: `stage_moves.${key}`, message: `Stage "${key}" holds ${counts.get(key)} candidate${counts.get(key) === 1 ? "" : "s"}` })),
    });
  }

  // Upsert the new list: positions 1..n; keys of existing stages keep their rows.
  const keys = stages.map((stage) => stage.key);
  const names = stages.map((stage) => stage.name);
  const types = stages.map((stage) => stage.type);
  await tx.$executeRaw`
    INSERT INTO job_stages (company_id, job_id, key, name, type, position)
    SELECT ${svc.companyId}, ${jobId}, s.key, s.name, s.type::stage_type, s.position::int
    FROM unnest(${keys}::text[], ${names}::text[], ${types}::text[]) WITH ORDINALITY AS s(key, name, type, position)
    ON CONFLICT (job_id, key) DO UPDATE SET name = EXCLUDED.name, type = EXCLUDED.type, position = EXCLUDED.position,
      updated_at = CASE WHEN (job_stages.name, job_stages.type, job_stages.position) IS DISTINCT FROM (EXCLUDED.name, EXCLUDED.type, EXCLUDED.position) THEN now() ELSE job_stages.updated_at END`;

  const moved: Record<string, number> = {};
  // The timeline keeps the names as they were: the removed stage's name is gone from the job after this.
  const nameOf = new Map([...before.map((stage) => [stage.key, stage.name] as const), ...stages.map((stage) => [stage.key, stage.name] as const)]);
  const actor = actorKind(svc.actor);
  const performerId = actorUserId(svc.actor);
  for (const from of dropped) {
    const to = moves[from];
    if (to === undefined || !counts.get(from)) continue;
    // The move and each candidate's timeline entry in one statement.
    const count = await tx.$executeRaw`
      WITH moved AS (
        UPDATE candidates SET stage = ${to}, updated_at = now()
        WHERE company_id = ${svc.companyId} AND job_id = ${jobId} AND stage = ${from}
        RETURNING id
      )
      INSERT INTO candidate_activities (company_id, candidate_id, type, added_by, performer_id, data)
      SELECT ${svc.companyId}, moved.id, 'stage_changed', ${actor}::actor, ${performerId}::uuid,
        jsonb_build_object('previous_stage', ${from}::text, 'new_stage', ${to}::text, 'previous_stage_name', ${nameOf.get(from) ?? from}::text,
          'new_stage_name', ${nameOf.get(to) ?? to}::text, 'pipeline_edit', true)
      FROM moved`;
    moved[from] = count;
  }
  // Outcomes follow the stage's type (a re-map, or a stage whose type changed).
  await syncOutcomes(tx, svc.companyId, jobId);
  await cancelScheduledRejectionsOfJob(tx, svc, jobId);
  if (dropped.length) {
    await tx.$executeRaw`DELETE FROM job_stages WHERE job_id = ${jobId} AND company_id = ${svc.companyId} AND key = ANY(${dropped}::text[])`;
    await tx.$executeRaw`
      UPDATE jobs SET retired_stage_keys = ARRAY(SELECT DISTINCT unnest(retired_stage_keys || ${dropped}::text[]) ORDER BY 1)
      WHERE id = ${jobId} AND company_id = ${svc.companyId}`;
  }
  const after = stages.map(({ key, name, type }) => ({ key, name, type }));
  if (!samePipeline(before, after)) {
    await recordAudit(tx, svc, {
      action: "job.pipeline_updated",
      target: { type: "job", id: jobId, label: job.title },
      data: { before, after, ...(Object.keys(moved).length && { stage_moves: moves, moved }) },
    });
  }
  return { before, after, moved };
}

/** hired_at / rejected_at (and the reject reason) of a job's candidates as their stages' types say. */
async function syncOutcomes(tx: ScopedTx, companyId: number, jobId: number): Promise<void> {
  await tx.$executeRaw`
    UPDATE candidates c SET
      hired_at = CASE WHEN s.type = 'hired' THEN COALESCE(c.hired_at, now()) END,
      rejected_at = CASE WHEN s.type = 'rejected' THEN COALESCE(c.rejected_at, now()) END,
      reject_reason_id = CASE WHEN s.type = 'rejected' THEN c.reject_reason_id END
    FROM job_stages s
    WHERE c.company_id = ${companyId} AND c.job_id = ${jobId} AND s.job_id = c.job_id AND s.key = c.stage
      AND ((s.type = 'hired') <> (c.hired_at IS NOT NULL) OR (s.type = 'rejected') <> (c.rejected_at IS NOT NULL)
        OR (s.type <> 'rejected' AND c.reject_reason_id IS NOT NULL))`;
}

export function samePipeline(a: readonly PipelineStage[], b: readonly PipelineStage[]): boolean {
  return a.length === b.length && a.every((stage, i) => stage.key === b[i]!.key && stage.name === b[i]!.name && stage.type === b[i]!.type);
}

/** The company's template for new jobs (the default pipeline when none is set). */
export async function readPipelineTemplate(db: Db, companyId: number): Promise<{ stages: PipelineStage[]; is_default: boolean }> {
  const company = await db.company.findUnique({ where: { id: companyId }, select: { pipelineTemplate: true } });
  const template = company?.pipelineTemplate as PipelineStage[] | null | undefined;
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
