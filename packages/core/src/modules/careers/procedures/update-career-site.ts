import { careerSiteSettingsSchema, updateCareerSiteInput } from "../contract/career-site.ts";
import { updateCareerSiteSettings } from "../career-site.ts";
import { adminProcedure } from "../../../kernel/trpc.ts";

export const updateCareerSiteProcedure = adminProcedure
  .input(updateCareerSiteInput)
  .output(careerSiteSettingsSchema)
  .mutation(({ ctx, input }) => updateCareerSiteSettings(ctx.svc, input));
