import { router } from "../../kernel/trpc.ts";
import { cancelRejectionEmailProcedure } from "../../modules/mail/procedures/cancel-rejection-email.ts";
import { getScheduledRejectionEmailProcedure } from "../../modules/mail/procedures/get-scheduled-rejection-email.ts";
import { sendRejectionEmailNowProcedure } from "../../modules/mail/procedures/send-rejection-email-now.ts";

/** The candidate page's scheduled rejection e-mail (web app only): see it, cancel it, send it now. */
export const rejectionEmailRouter = router({
  scheduled: getScheduledRejectionEmailProcedure,
  cancel: cancelRejectionEmailProcedure,
  sendNow: sendRejectionEmailNowProcedure,
});
