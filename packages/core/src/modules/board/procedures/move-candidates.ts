import { dataEnvelope } from "../../../kernel/contract/common.ts";
import { moveCandidatesInput, moveCandidatesResultSchema } from "../contract/board.ts";
import { rejectionEmailRequest } from "../../candidate/update.ts";
import { moveCandidates } from "../board.ts";
import { companyProcedure } from "../../../kernel/trpc.ts";

/** UI only: moves one candidate (drag and drop, stage menu) or a selection (bulk move). */
export const moveCandidatesProcedure = companyProcedure
  .input(moveCandidatesInput)
  .output(dataEnvelope(moveCandidatesResultSchema))
  .mutation(async ({ ctx, input }) => ({
    data: await moveCandidates(ctx.svc, input.candidate_ids, input.stage, {
      rejectReasonId: input.reject_reason_id,
      reason: input.reason || undefined,
      overrideReason: input.override_reason,
      rejectionEmail: rejectionEmailRequest(input.stage, input.send_rejection_email, input.rejection_email_delay_minutes),
    }),
  }));
