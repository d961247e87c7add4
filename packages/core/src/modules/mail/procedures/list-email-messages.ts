import { listEnvelope } from "../../../kernel/contract/common.ts";
import { emailMessageSummarySchema, listEmailMessagesInput } from "../contract/email.ts";
import { listEmailMessages } from "../email-log.ts";
import { adminProcedure } from "../../../kernel/trpc.ts";

/** Settings → E-mail log: to, subject, status and time, newest first, keyset-paginated; filtered by kind, recipient and words. */
export const listEmailMessagesProcedure = adminProcedure
  .input(listEmailMessagesInput)
  .output(listEnvelope(emailMessageSummarySchema))
  .query(({ ctx, input }) => listEmailMessages(ctx.svc, input));
