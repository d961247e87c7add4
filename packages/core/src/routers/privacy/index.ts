import { router } from "../../trpc.ts";
import { getPrivacySettingsProcedure } from "./get-privacy-settings.ts";
import { previewRetentionProcedure } from "./preview-retention.ts";
import { updatePrivacySettingsProcedure } from "./update-privacy-settings.ts";

/** Settings → Privacy (web app only, owners and admins: adminProcedure): the retention rule and the careers form's privacy policy. */
export const privacyRouter = router({
  get: getPrivacySettingsProcedure,
  update: updatePrivacySettingsProcedure,
  previewRetention: previewRetentionProcedure,
});
