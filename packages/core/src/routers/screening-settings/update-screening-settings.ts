import { companyScreeningSettingsSchema, updateCompanyScreeningSettingsInput } from "../../contracts/screening-notice.ts";
import { updateCompanyScreeningSettings } from "../../services/company-screening.ts";
import { adminProcedure } from "../../trpc.ts";

/** Audited: a pause or resume as ai_agent.paused / ai_agent.resumed, the rest as screening_settings.updated. */
export const updateScreeningSettingsProcedure = adminProcedure
  .input(updateCompanyScreeningSettingsInput)
  .output(companyScreeningSettingsSchema)
  .mutation(({ ctx, input }) => updateCompanyScreeningSettings(ctx.svc, input));
