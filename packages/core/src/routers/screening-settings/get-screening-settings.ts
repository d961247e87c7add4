import { z } from "zod";
import { companyScreeningSettingsSchema } from "../../contracts/screening-notice.ts";
import { getCompanyScreeningSettings } from "../../services/company-screening.ts";
import { adminProcedure } from "../../trpc.ts";

export const getScreeningSettingsProcedure = adminProcedure
  .input(z.strictObject({}).optional())
  .output(companyScreeningSettingsSchema)
  .query(({ ctx }) => getCompanyScreeningSettings(ctx.svc));
