import { router } from "../../kernel/trpc.ts";
import { createJobProcedure } from "../../modules/job/procedures/create-job.ts";
import { getJobProcedure } from "../../modules/job/procedures/get-job.ts";
import { listDepartmentsProcedure } from "../../modules/job/procedures/list-departments.ts";
import { listJobsProcedure } from "../../modules/job/procedures/list-jobs.ts";
import { rescoreJobProcedure } from "../../modules/screening/procedures/rescore-job.ts";
import { screeningProgressProcedure } from "../../modules/screening/procedures/screening-progress.ts";
import { updateJobProcedure } from "../../modules/job/procedures/update-job.ts";

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
