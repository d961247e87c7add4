import { z } from "zod";
import { careerSiteSettingsSchema } from "../contract/career-site.ts";
import { getCareerSiteSettings } from "../career-site.ts";
import { adminProcedure } from "../../../kernel/trpc.ts";

export const getCareerSiteProcedure = adminProcedure
  .input(z.strictObject({}).optional())
  .output(careerSiteSettingsSchema)
  .query(({ ctx }) => getCareerSiteSettings(ctx.svc));
