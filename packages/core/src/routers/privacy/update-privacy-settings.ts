import { privacySettingsSchema, updatePrivacySettingsInput } from "../../contracts/privacy.ts";
import { updatePrivacySettings } from "../../services/privacy.ts";
import { adminProcedure } from "../../trpc.ts";

export const updatePrivacySettingsProcedure = adminProcedure
  .input(updatePrivacySettingsInput)
  .output(privacySettingsSchema)
  .mutation(({ ctx, input }) => updatePrivacySettings(ctx.svc, input));
