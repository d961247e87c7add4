import { router } from "../../kernel/trpc.ts";
import { getEmailMessageProcedure } from "../../modules/mail/procedures/get-email-message.ts";
import { listEmailMessagesProcedure } from "../../modules/mail/procedures/list-email-messages.ts";

/** Settings → E-mail log (web app only, owners and admins): every e-mail the company sent or kept. The .eml is a download route. */
export const emailLogRouter = router({
  list: listEmailMessagesProcedure,
  get: getEmailMessageProcedure,
});
