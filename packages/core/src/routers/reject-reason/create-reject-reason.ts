import { createRejectReasonInput, rejectReasonSchema } from "../../contracts/job-stages.ts";
import { createRejectReason } from "../../services/reject-reasons.ts";
import { adminProcedure } from "../../trpc.ts";

/** Settings → Reject reasons (owners and admins). */
export const createRejectReasonProcedure = adminProcedure
  .input(createRejectReasonInput)
  .output(rejectReasonSchema)
  .mutation(({ ctx, input }) => createRejectReason(ctx.svc, input));
