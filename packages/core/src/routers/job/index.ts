import { router } from "../../trpc.ts";
import { createJobProcedure } from "./create-job.ts";
import { getJobProcedure } from "./get-job.ts";
import { listDepartmentsProcedure } from "./list-departments.ts";
import { listJobsProcedure } from "./list-jobs.ts";
import { rescoreJobProcedure } from "./rescore-job.ts";
import { screeningProgressProcedure } from "./screening-progress.ts";
import { updateJobProcedure } from "./update-job.ts";

export const jobRouter = router({
  get: getJobProcedure,
  list: listJobsProcedure,
  create: createJobProcedure,
  update: updateJobProcedure,
  rescore: rescoreJobProcedure,
  // UI only (no meta.openapi):
  departments: listDepartmentsProcedure,
  screeningProgress: screeningProgressProcedure,
});
