import { router } from "../../kernel/trpc.ts";
import { getCareersJobProcedure } from "../../modules/careers/procedures/get-careers-job.ts";
import { getCareersPageProcedure } from "../../modules/careers/procedures/get-careers-page.ts";

/** Public careers pages (read-only; applications go to POST /api/public/jobs/{id}/applications). */
export const careersRouter = router({
  page: getCareersPageProcedure,
  job: getCareersJobProcedure,
});
