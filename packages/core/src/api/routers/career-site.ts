import { router } from "../../kernel/trpc.ts";
import { getCareerSiteProcedure } from "../../modules/careers/procedures/get-career-site.ts";
import { updateCareerSiteProcedure } from "../../modules/careers/procedures/update-career-site.ts";

/** Settings → Careers site (web app only, owners and admins: adminProcedure): website, logo, public addresses, embed. */
export const careerSiteRouter = router({
  get: getCareerSiteProcedure,
  update: updateCareerSiteProcedure,
});
