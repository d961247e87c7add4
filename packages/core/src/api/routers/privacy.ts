import { router } from "../../kernel/trpc.ts";
import { getPrivacySettingsProcedure } from "../../modules/privacy/procedures/get-privacy-settings.ts";
import { previewRetentionProcedure } from "../../modules/privacy/procedures/preview-retention.ts";
import { updatePrivacySettingsProcedure } from "../../modules/privacy/procedures/update-privacy-settings.ts";

/** Settings → Privacy (web app only, owners and admins: adminProcedure): the retention rule and the careers form's privacy policy. */
export const privacyRouter = router({
  get: getPrivacySettingsProcedure,
  update: updatePrivacySettingsProcedure,
  previewRetention: previewRetentionProcedure,
});
