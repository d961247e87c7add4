import { companyScreeningSettingsSchema, updateCompanyScreeningSettingsInput } from "../contract/screening-notice.ts";
import { updateCompanyScreeningSettings } from "../company-settings.ts";
import { adminProcedure } from "../../../kernel/trpc.ts";

/** Audited: a pause or resume as ai_agent.paused / ai_agent.resumed, the rest as screening_settings.updated. */
export const updateScreeningSettingsProcedure = adminProcedure
  .input(updateCompanyScreeningSettingsInput)
  .output(companyScreeningSettingsSchema)
  .mutation(({ ctx, input }) => updateCompanyScreeningSettings(ctx.svc, input));
