import { z } from "zod";
import { companyScreeningSettingsSchema } from "../contract/screening-notice.ts";
import { getCompanyScreeningSettings } from "../company-settings.ts";
import { adminProcedure } from "../../../kernel/trpc.ts";

export const getScreeningSettingsProcedure = adminProcedure
  .input(z.strictObject({}).optional())
  .output(companyScreeningSettingsSchema)
  .query(({ ctx }) => getCompanyScreeningSettings(ctx.svc));
