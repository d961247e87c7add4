import { rejectReasonSchema, updateRejectReasonInput } from "../../contracts/job-stages.ts";
import { updateRejectReason } from "../../services/reject-reasons.ts";
import { adminProcedure } from "../../trpc.ts";

/** Settings → Reject reasons: rename, archive or restore (owners and admins). */
export const updateRejectReasonProcedure = adminProcedure
  .input(updateRejectReasonInput)
  .output(rejectReasonSchema)
  .mutation(({ ctx, input }) => updateRejectReason(ctx.svc, input));
