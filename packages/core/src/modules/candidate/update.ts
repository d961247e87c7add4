import { type Prisma } from "@hireflow/db";
import { type ServiceContext } from "../../kernel/context.ts";
import { type CandidateDetailDto, type UpdateCandidateInput } from "./contract/candidate.ts";
import { AppError, isUniqueViolation } from "../../kernel/errors.ts";
import { notifyEventsCommitted } from "../../kernel/outbox.ts";
import { normalizePhone } from "../../kernel/phone.ts";
import { moveCandidateStage } from "./move/typed-move.ts";
import { type RejectionEmailRequest } from "../mail/candidate-emails.ts";
import { type CandidateRow, candidateRead, serializeCandidateDetail } from "./serialize.ts";
import { companyRegion, DUPLICATE_INDEX, duplicateError } from "./create.ts";
import { changeStage, lockCandidate } from "./move/change-stage.ts";

/** Updating a candidate (PATCH /candidates/{id}): fields, a stage move, and the rejection e-mail a move may ask for. */
export async function updateCandidate(svc: ServiceContext, input: UpdateCandidateInput): Promise<CandidateDetailDto> {
  const {
    id,
    stage,
    reject_reason_id: rejectReasonId,
    send_rejection_email: sendRejection,
    rejection_email_delay_minutes: delayMinutes,
    override_reason: overrideReason,
    ...fields
  } = input;
  if (rejectReasonId != null && stage === undefined) {
    throw AppError.validation([{ field: "reject_reason_id", message: "Only with a move: give stage (a stage of type \"rejected\") too" }]);
  }
  if (overrideReason !== undefined && stage === undefined) {
    throw AppError.validation([{ field: "override_reason", message: "Only with a move: give stage too" }]);
  }
  const rejectionEmail = rejectionEmailRequest(stage, sendRejection, delayMinutes);
  const region = fields.phone ? await companyRegion(svc) : "US";
  const data: Prisma.CandidateUncheckedUpdateInput = {};
  if (fields.name !== undefined) data.name = fields.name;
  if (fields.email !== undefined) data.email = fields.email;
  if (fields.phone !== undefined) data.phone = fields.phone ? normalizePhone(fields.phone, region) : null;
  if (fields.linkedin !== undefined) data.linkedin = fields.linkedin;
  if (fields.location !== undefined) data.location = fields.location || null;
  if (fields.rating !== undefined) data.rating = fields.rating;
  if (fields.ats_candidate_id !== undefined) data.atsCandidateId = fields.ats_candidate_id || null;

  let moved: CandidateRow | null = null;
  try {
    // A stage-only change (the pipeline's commonest write) is one SQL statement (move/typed-move.ts).
    if (stage !== undefined && Object.keys(data).length === 0 && !rejectionEmail) {
      const result = await moveCandidateStage(svc, id, stage, { rejectReasonId });
      if (result === null) throw AppError.notFound("Candidate", id);
      if (result !== undefined) {
        if (result.moved) notifyEventsCommitted();
        return serializeCandidateDetail(result.row);
      }
    }
    const updated = await svc.db.$transaction(async (tx) => {
      // Moves of one candidate are serialised so each event's previous_stage is the real one.
      if (stage !== undefined) await lockCandidate(tx, svc.companyId, id);
      const current = await tx.candidate.findUnique({ where: { id }, ...candidateRead });
      if (!current) throw AppError.notFound("Candidate", id);
      if (stage !== undefined) moved = await changeStage(tx, svc, current, stage, { rejectReasonId, rejectionEmail, overrideReason });
      // A stage-only change answers with the row the move's UPDATE returned (no re-read).
      if (Object.keys(data).length === 0) return moved ?? current;
      return tx.candidate.update({ where: { id }, data, ...candidateRead });
    });
    if (moved) notifyEventsCommitted();
    return serializeCandidateDetail(updated);
  } catch (error) {
    if (fields.email && isUniqueViolation(error, DUPLICATE_INDEX)) {
      const row = await svc.db.candidate.findUnique({ where: { id }, select: { jobId: true } });
      throw await duplicateError(svc, row?.jobId ?? null, fields.email);
    }
    throw error;
  }
}

/** A move's send_rejection_email / rejection_email_delay_minutes, checked for what they need (the stage type is checked with the move). */
export function rejectionEmailRequest(stage: string | undefined, send: boolean | undefined, delayMinutes: number | undefined): RejectionEmailRequest | undefined {
  if (delayMinutes !== undefined && send !== true) {
    throw AppError.validation([{ field: "rejection_email_delay_minutes", message: "Only with send_rejection_email: true" }]);
  }
  if (send !== true) return undefined;
  if (stage === undefined) throw AppError.validation([{ field: "send_rejection_email", message: "Only with a move: give stage (a stage of type \"rejected\") too" }]);
  return { delayMinutes };
}
