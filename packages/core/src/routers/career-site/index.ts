import { router } from "../../trpc.ts";
import { getCareerSiteProcedure } from "./get-career-site.ts";
import { updateCareerSiteProcedure } from "./update-career-site.ts";

/** Settings → Careers site (web app only, owners and admins: adminProcedure): website, logo, public addresses, embed. */
export const careerSiteRouter = router({
  get: getCareerSiteProcedure,
  update: updateCareerSiteProcedure,
});
