import { dataEnvelope } from "../../../kernel/contract/common.ts";
import { rejectionEmailActionInput, rejectionEmailSchema } from "../contract/rejection-email.ts";
import { cancelRejectionEmail } from "../rejection-email.ts";
import { companyProcedure } from "../../../kernel/trpc.ts";

/** UI only: cancels a scheduled rejection e-mail (409 once it is on its way, sent or already canceled). */
export const cancelRejectionEmailProcedure = companyProcedure
  .input(rejectionEmailActionInput)
  .output(dataEnvelope(rejectionEmailSchema))
  .mutation(async ({ ctx, input }) => ({ data: await cancelRejectionEmail(ctx.svc, input.id) }));
