import { router } from "../../trpc.ts";
import { getScreeningSettingsProcedure } from "./get-screening-settings.ts";
import { updateScreeningSettingsProcedure } from "./update-screening-settings.ts";

/** Settings → AI screening (web app only, owners and admins: adminProcedure): the pause switch, the hold-back and the notice's contact. */
export const screeningSettingsRouter = router({
  get: getScreeningSettingsProcedure,
  update: updateScreeningSettingsProcedure,
});
