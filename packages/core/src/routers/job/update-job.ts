import { dataEnvelope } from "../../contracts/common.ts";
import { jobSchema, updateJobInput } from "../../contracts/job.ts";
import { updateJob } from "../../services/jobs.ts";
import { companyProcedure } from "../../trpc.ts";

/** UI only for now (no `meta.openapi`): the job edit form. */
export const updateJobProcedure = companyProcedure
  .input(updateJobInput)
  .output(dataEnvelope(jobSchema))
  .mutation(async ({ ctx, input }) => ({ data: await updateJob(ctx.svc, input) }));
