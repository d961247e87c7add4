import { router } from "../../trpc.ts";
import { createJobProcedure } from "./create-job.ts";
import { getJobProcedure } from "./get-job.ts";
import { listDepartmentsProcedure } from "./list-departments.ts";
import { listJobsProcedure } from "./list-jobs.ts";
import { updateJobProcedure } from "./update-job.ts";

export const jobRouter = router({
  get: getJobProcedure,
  list: listJobsProcedure,
  // UI only (no meta.openapi):
  create: createJobProcedure,
  update: updateJobProcedure,
  departments: listDepartmentsProcedure,
});
