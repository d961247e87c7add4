import { dataEnvelope } from "../../contracts/common.ts";
import { emailMessageSchema, getEmailMessageInput } from "../../contracts/email.ts";
import { getEmailMessage } from "../../services/email.ts";
import { adminProcedure } from "../../trpc.ts";

/** One message: headers, both bodies, attachments (without their content: the .eml has it) and the last error. */
export const getEmailMessageProcedure = adminProcedure
  .input(getEmailMessageInput)
  .output(dataEnvelope(emailMessageSchema))
  .query(async ({ ctx, input }) => ({ data: await getEmailMessage(ctx.svc, input.id) }));
