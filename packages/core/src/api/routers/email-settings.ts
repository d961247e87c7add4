import { router } from "../../kernel/trpc.ts";
import { getEmailSettingsProcedure } from "../../modules/mail/procedures/get-email-settings.ts";
import { updateEmailSettingsProcedure } from "../../modules/mail/procedures/update-email-settings.ts";

/** Settings → E-mail (web app only, owners and admins): the sender name and address and the reply-to of the company's e-mails. */
export const emailSettingsRouter = router({
  get: getEmailSettingsProcedure,
  update: updateEmailSettingsProcedure,
});
