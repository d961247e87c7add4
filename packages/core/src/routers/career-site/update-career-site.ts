import { careerSiteSettingsSchema, updateCareerSiteInput } from "../../contracts/career-site.ts";
import { updateCareerSiteSettings } from "../../services/career-site.ts";
import { adminProcedure } from "../../trpc.ts";

export const updateCareerSiteProcedure = adminProcedure
  .input(updateCareerSiteInput)
  .output(careerSiteSettingsSchema)
  .mutation(({ ctx, input }) => updateCareerSiteSettings(ctx.svc, input));
