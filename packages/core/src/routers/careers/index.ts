import { router } from "../../trpc.ts";
import { getCareersJobProcedure } from "./get-careers-job.ts";
import { getCareersPageProcedure } from "./get-careers-page.ts";

/** Public careers pages (read-only; applications go to POST /api/public/jobs/{id}/applications). */
export const careersRouter = router({
  page: getCareersPageProcedure,
  job: getCareersJobProcedure,
});
