import { rejectReasonSchema, updateRejectReasonInput } from "../contract/job-stages.ts";
import { updateRejectReason } from "../reject-reasons.ts";
import { adminProcedure } from "../../../kernel/trpc.ts";

/** Settings → Reject reasons: rename, archive or restore (owners and admins). */
export const updateRejectReasonProcedure = adminProcedure
  .input(updateRejectReasonInput)
  .output(rejectReasonSchema)
  .mutation(({ ctx, input }) => updateRejectReason(ctx.svc, input));
