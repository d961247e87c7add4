import { type ServiceContext, actorKind, actorUserId } from "../../kernel/context.ts";
import { type JobStagesInput } from "../pipeline/contract/job-stages.ts";
import { AppError, type ErrorDetail } from "../../kernel/errors.ts";
import { type ScopedTx } from "../../kernel/tenancy.ts";
import { recordAudit } from "../audit/audit.ts";
import { cancelScheduledRejectionsOfJob } from "../mail/candidate-emails.ts";
import { type JobStage, readJobStages, samePipeline } from "../pipeline/stages.ts";

/**
 * Editing a job's stages (PUT /jobs/{id}/stages and the pipeline editor): the new list is checked and
 * written, candidates of dropped stages moved. It lives with the job, not the pipeline, because a
 * dropped stage also cancels the scheduled rejection e-mails of its candidates (mail sits above pipeline).
 */
export interface PipelineEdit {
  jobId: number;
  stages: JobStagesInput;
  /** `{dropped key: key of the new list}` for dropped stages that hold candidates. */
  stageMoves?: Record<string, string>;
}

export interface PipelineEditResult {
  before: JobStage[];
  after: JobStage[];
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
    // People know a stage by its name; the key is added to the message for API clients, who send keys.
    const nameOfDropped = (key: string) => before.find((stage) => stage.key === key)?.name ?? key;
    const held = (key: string) => `${counts.get(key)} candidate${counts.get(key) === 1 ? "" : "s"}`;
    const what = blocked.map((key) => `"${nameOfDropped(key)}" (key ${key}) holds ${held(key)}`).join("; ");
    throw new AppError("conflict", `Cannot remove a stage that holds candidates: ${what}. Give stage_moves to say where they go.`, {
      details: blocked.map((key) => ({ field: `stage_moves.${key}`, message: `"${nameOfDropped(key)}" holds ${held(key)}: choose the stage they move to` })),
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
export async function syncOutcomes(tx: ScopedTx, companyId: number, jobId: number): Promise<void> {
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
