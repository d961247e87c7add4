import { listEnvelope } from "../../contracts/common.ts";
import { emailMessageSummarySchema, listEmailMessagesInput } from "../../contracts/email.ts";
import { listEmailMessages } from "../../services/email.ts";
import { adminProcedure } from "../../trpc.ts";

/** Settings → E-mail log: to, subject, status and time, newest first, keyset-paginated. */
export const listEmailMessagesProcedure = adminProcedure
  .input(listEmailMessagesInput)
  .output(listEnvelope(emailMessageSummarySchema))
  .query(({ ctx, input }) => listEmailMessages(ctx.svc, input));
