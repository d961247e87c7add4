import { dataEnvelope } from "../../../kernel/contract/common.ts";
import { rejectionEmailActionInput, rejectionEmailSchema } from "../contract/rejection-email.ts";
import { sendRejectionEmailNow } from "../rejection-email.ts";
import { companyProcedure } from "../../../kernel/trpc.ts";

/** UI only: sends a scheduled rejection e-mail at once (409 once it is on its way, sent or canceled). */
export const sendRejectionEmailNowProcedure = companyProcedure
  .input(rejectionEmailActionInput)
  .output(dataEnvelope(rejectionEmailSchema))
  .mutation(async ({ ctx, input }) => ({ data: await sendRejectionEmailNow(ctx.svc, input.id) }));
