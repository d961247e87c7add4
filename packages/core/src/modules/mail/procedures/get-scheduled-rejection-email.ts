import { z } from "zod";
import { rejectionEmailSchema, scheduledRejectionEmailInput } from "../contract/rejection-email.ts";
import { getScheduledRejectionEmail } from "../rejection-email.ts";
import { companyProcedure } from "../../../kernel/trpc.ts";

/** UI only: the candidate page's scheduled rejection e-mail (null when none is waiting). */
export const getScheduledRejectionEmailProcedure = companyProcedure
  .input(scheduledRejectionEmailInput)
  .output(z.object({ data: rejectionEmailSchema.nullable() }))
  .query(async ({ ctx, input }) => ({ data: await getScheduledRejectionEmail(ctx.svc, input.candidate_id) }));
