import { router } from "../../trpc.ts";
import { getJobProcedure } from "./get-job.ts";
import { listJobsProcedure } from "./list-jobs.ts";

export const jobRouter = router({
  get: getJobProcedure,
  list: listJobsProcedure,
});
