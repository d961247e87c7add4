import { dataEnvelope } from "../../../kernel/contract/common.ts";
import { emailMessageSchema, getEmailMessageInput } from "../contract/email.ts";
import { getEmailMessage } from "../outgoing.ts";
import { adminProcedure } from "../../../kernel/trpc.ts";

/** One message: headers, both bodies, attachments (without their content: the .eml has it) and the last error. */
export const getEmailMessageProcedure = adminProcedure
  .input(getEmailMessageInput)
  .output(dataEnvelope(emailMessageSchema))
  .query(async ({ ctx, input }) => ({ data: await getEmailMessage(ctx.svc, input.id) }));
