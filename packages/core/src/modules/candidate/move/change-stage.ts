import { type Prisma } from "@hireflow/db";
import { type ServiceContext } from "../../../kernel/context.ts";
import { type ScopedTx, tenantRow } from "../../../kernel/tenancy.ts";
import { recordEvent } from "../../../kernel/outbox.ts";
import { DEFAULT_PIPELINE, type JobStage, readJobStages, requireStage } from "../../pipeline/stages.ts";
import { rejectReasonForMove, stageChange } from "./stage-change.ts";
import { checkAgentOverride, recordAgentOverride } from "./agent-override.ts";
import { cancelScheduledRejections, checkRejectionRequest, leavesRejection, type RejectionEmailRequest, scheduleRejectionEmail } from "../../mail/candidate-emails.ts";
import { type CandidateRow } from "../serialize.ts";

/**
 * The one stage move of a candidate, under a row lock: the stage change row, the outbox event, and
 * the rejection e-mail scheduled or cancelled. The API, the board, the agent and erasure all move here.
 */
/**
 * Moves a candidate to another stage (from the API, the UI, or the AI agent). `value` is a key of
 * the job's pipeline or a stage type (→ the job's first stage of that type); anything else is a 400
 * naming the job's keys. A real change records a `stage_changed` activity and a
 * `candidate.stage_changed` event in the same transaction, and sets or clears hired_at / rejected_at
 * and the reject reason; moving to the current stage records nothing. The caller holds the row lock
 * (lockCandidate) and passes the row it read after taking it. Returns the row after the move (so
 * callers need not read it again), or null when the candidate was already in that stage.
 */
export async function changeStage(
  tx: ScopedTx,
  svc: ServiceContext,
  current: CandidateRow,
  value: string,
  options: {
    reason?: string;
    rejectReasonId?: number | null;
    stages?: readonly JobStage[];
    rejectionEmail?: RejectionEmailRequest;
    /** Why a person moves the candidate against the AI agent's move (agent-override.ts): required then, else ignored. */
    overrideReason?: string;
  } = {},
): Promise<CandidateRow | null> {
  const stages = options.stages ?? (current.jobId === null ? DEFAULT_PIPELINE : await readJobStages(tx, current.jobId));
  const target = requireStage(stages, value);
  const rejectReason = await rejectReasonForMove(tx, target, options.rejectReasonId);
  checkRejectionRequest(target, current, options.rejectionEmail);
  if (current.stage === target.key) return null;
  const override = await checkAgentOverride(tx, svc, current, target, options.overrideReason);
  const change = stageChange(svc, current, target, { reason: options.reason, rejectReason, overrideReason: override });
  const moved = await tx.candidate.update({
    where: { id: current.id },
    data: { stage: target.key, hiredAt: change.outcome.hiredAt, rejectedAt: change.outcome.rejectedAt, rejectReasonId: change.outcome.rejectReasonId },
    omit: { resumeText: true },
  });
  await tx.candidateActivity.create({
    data: tenantRow<Prisma.CandidateActivityUncheckedCreateInput>({
      candidateId: current.id,
      type: "stage_changed",
      addedBy: change.changedBy,
      performerId: change.userId,
      data: change.activityData as Prisma.InputJsonValue,
    }),
  });
  await recordEvent(tx, "candidate.stage_changed", change.eventPayload);
  if (override) await recordAgentOverride(tx, svc, current, target, override);
  if (leavesRejection(current, target)) await cancelScheduledRejections(tx, svc, current.id);
  if (options.rejectionEmail) await scheduleRejectionEmail(tx, svc, { ...moved, job: current.job }, rejectReason?.name ?? null, options.rejectionEmail);
  return { ...moved, job: current.job, jobStage: { name: target.name, type: target.type }, rejectReason: target.type === "rejected" ? rejectReason : null };
}

/** Row lock for the rest of the transaction (raw SQL bypasses the scoping extension, so it filters itself). */
export async function lockCandidate(tx: ScopedTx, companyId: number, id: number): Promise<void> {
  await tx.$queryRaw`SELECT id FROM candidates WHERE id = ${id} AND company_id = ${companyId} FOR UPDATE`;
}
