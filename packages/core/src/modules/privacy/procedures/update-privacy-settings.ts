import { privacySettingsSchema, updatePrivacySettingsInput } from "../contract/privacy.ts";
import { updatePrivacySettings } from "../retention.ts";
import { adminProcedure } from "../../../kernel/trpc.ts";

export const updatePrivacySettingsProcedure = adminProcedure
  .input(updatePrivacySettingsInput)
  .output(privacySettingsSchema)
  .mutation(({ ctx, input }) => updatePrivacySettings(ctx.svc, input));
