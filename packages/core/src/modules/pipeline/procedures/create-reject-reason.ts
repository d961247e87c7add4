import { createRejectReasonInput, rejectReasonSchema } from "../contract/job-stages.ts";
import { createRejectReason } from "../reject-reasons.ts";
import { adminProcedure } from "../../../kernel/trpc.ts";

/** Settings → Reject reasons (owners and admins). */
export const createRejectReasonProcedure = adminProcedure
  .input(createRejectReasonInput)
  .output(rejectReasonSchema)
  .mutation(({ ctx, input }) => createRejectReason(ctx.svc, input));
