import { router } from "../../kernel/trpc.ts";
import { getScreeningSettingsProcedure } from "../../modules/screening/procedures/get-screening-settings.ts";
import { updateScreeningSettingsProcedure } from "../../modules/screening/procedures/update-screening-settings.ts";

/** Settings → AI screening (web app only, owners and admins: adminProcedure): the pause switch, the hold-back and the notice's contact. */
export const screeningSettingsRouter = router({
  get: getScreeningSettingsProcedure,
  update: updateScreeningSettingsProcedure,
});
