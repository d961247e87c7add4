import { type ServiceContext, actorKind, actorUserId } from "../../../kernel/context.ts";
import { AppError } from "../../../kernel/errors.ts";
import { type ScopedDb, type ScopedTx } from "../../../kernel/tenancy.ts";
import { candidateUrl } from "../../../kernel/outbox.ts";
import { fallbackStage, type JobStage } from "../../pipeline/stages.ts";
import { type CandidateRow, type RejectReasonOfRow } from "../serialize.ts";

/**
 * What one move of a candidate records when changeStage makes it through Prisma: the columns the move
 * sets, the stage_changed activity's data and the candidate.stage_changed payload. PATCH's one-statement
 * move (typed-move.ts) builds the same in SQL: a change here is a change there, and
 * candidate-move.test.ts compares the two paths' rows.
 */
export interface StageChange {
  changedBy: "api" | "user" | "system" | "ai_agent";
  userId: string | null;
  activityData: Record<string, unknown>;
  eventPayload: Record<string, unknown>;
  /** The outcome columns after the move: set on entering a hired / rejected-type stage, cleared on leaving. */
  outcome: { hiredAt: Date | null; rejectedAt: Date | null; rejectReasonId: number | null };
}

export interface StageChangeOptions {
  /** Why (the AI agent's rule, or a reject's free text); kept in the timeline. */
  reason?: string;
  rejectReason?: RejectReasonOfRow | null;
  /** Why a person moved the candidate against the AI agent's move (agent-override.ts); kept in the timeline. */
  overrideReason?: string | null;
}

export function stageChange(svc: ServiceContext, current: CandidateRow, target: JobStage, options: StageChangeOptions = {}): StageChange {
  const changedBy = actorKind(svc.actor);
  const userId = actorUserId(svc.actor);
  const previous = current.jobStage ?? fallbackStage(current.stage);
  const rejectReason = target.type === "rejected" ? (options.rejectReason ?? null) : null;
  const now = new Date();
  return {
    changedBy,
    userId,
    activityData: {
      previous_stage: current.stage,
      new_stage: target.key,
      previous_stage_name: previous.name,
      new_stage_name: target.name,
      ...(options.reason && { reason: options.reason }),
      ...(rejectReason && { reject_reason: rejectReason }),
      ...(options.overrideReason && { overrides_agent: true, override_reason: options.overrideReason }),
    },
    eventPayload: {
      candidate: { id: current.id, public_id: current.publicId, name: current.name, email: current.email, url: candidateUrl(current.id) },
      job: { id: current.job?.id ?? null, title: current.job?.title ?? null },
      company: { id: svc.companyId },
      stage_change: {
        previous_stage: current.stage,
        new_stage: target.key,
        previous_stage_type: previous.type,
        new_stage_type: target.type,
        previous_stage_name: previous.name,
        new_stage_name: target.name,
        reject_reason: rejectReason,
        changed_by: changedBy,
        changed_by_user_id: userId,
      },
    },
    outcome: {
      hiredAt: target.type === "hired" ? now : null,
      rejectedAt: target.type === "rejected" ? now : null,
      rejectReasonId: rejectReason?.id ?? null,
    },
  };
}

/**
 * The reject reason a move names, checked: only with a move to a rejected-type stage, and only a
 * current (not archived) reason of the company. Null when none is given.
 */
export async function rejectReasonForMove(db: ScopedDb | ScopedTx, target: JobStage, id: number | null | undefined): Promise<RejectReasonOfRow | null> {
  if (id === undefined || id === null) return null;
  if (target.type !== "rejected") {
    throw AppError.validation([{ field: "reject_reason_id", message: `Only with a move to a stage of type "rejected" ("${target.key}" is of type "${target.type}")` }]);
  }
  const reason = await db.rejectReason.findUnique({ where: { id }, select: { id: true, name: true, archivedAt: true } });
  if (!reason) throw AppError.validation([{ field: "reject_reason_id", message: `Unknown reject reason ${id} (GET /reject_reasons lists them)` }]);
  if (reason.archivedAt) throw AppError.validation([{ field: "reject_reason_id", message: `Reject reason ${id} is archived` }]);
  return { id: reason.id, name: reason.name };
}
