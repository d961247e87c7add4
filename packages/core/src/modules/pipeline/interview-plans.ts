import { type Prisma } from "@hireflow/db";
import { type JobStagesInput } from "./contract/job-stages.ts";
import { AppError, type ErrorDetail } from "../../kernel/errors.ts";
import { type ScopedTx, tenantRow } from "../../kernel/tenancy.ts";

/**
 * Interview plans (issue 26 §1): the kits of each stage of a job (job_interviews). Written with the
 * job's stages (POST/PATCH /jobs); a stage's list replaces its plan, keeping the kits it names by id so
 * that scheduled interviews (and later scorecards) keep pointing at them. A dropped stage's kits go
 * with it (the foreign key), and a new job copies its company's template's kits (the trigger).
 */
/** Writes the plans of the stages that carry `interviews` (the others keep theirs), in the caller's transaction. */
export async function writeInterviewPlans(tx: ScopedTx, jobId: number, stages: JobStagesInput): Promise<void> {
  const planned = stages.map((stage, index) => ({ stage, index })).filter(({ stage }) => stage.interviews !== undefined);
  if (planned.length === 0) return;
  const existing = await tx.jobInterview.findMany({ where: { jobId, stageKey: { in: planned.map(({ stage }) => stage.key) } }, select: { id: true, stageKey: true } });
  const unknown: ErrorDetail[] = [];
  for (const { stage, index } of planned) {
    stage.interviews!.forEach((kit, k) => {
      if (kit.id !== undefined && !existing.some((row) => row.id === kit.id && row.stageKey === stage.key)) {
        unknown.push({ field: `stages[${index}].interviews[${k}].id`, message: `Stage "${stage.key}" of this job has no interview ${kit.id}; omit id for a new one` });
      }
    });
  }
  if (unknown.length) throw AppError.validation(unknown);

  for (const { stage } of planned) {
    const kits = stage.interviews!;
    const keep = kits.map((kit) => kit.id).filter((id): id is number => id !== undefined);
    await tx.jobInterview.deleteMany({ where: { jobId, stageKey: stage.key, id: { notIn: keep } } });
    for (const [position, kit] of kits.entries()) {
      const data = { position, name: kit.name, durationMinutes: kit.duration_minutes, instructions: kit.instructions ?? "", attributes: kit.attributes ?? [], questions: kit.questions ?? [] };
      if (kit.id !== undefined) await tx.jobInterview.update({ where: { id: kit.id }, data });
      else await tx.jobInterview.create({ data: tenantRow<Prisma.JobInterviewUncheckedCreateInput>({ ...data, jobId, stageKey: stage.key }) });
    }
  }
}
