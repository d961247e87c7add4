import { z } from "zod";
import { careerSiteSettingsSchema } from "../../contracts/career-site.ts";
import { getCareerSiteSettings } from "../../services/career-site.ts";
import { adminProcedure } from "../../trpc.ts";

export const getCareerSiteProcedure = adminProcedure
  .input(z.strictObject({}).optional())
  .output(careerSiteSettingsSchema)
  .query(({ ctx }) => getCareerSiteSettings(ctx.svc));
