import { dataEnvelope } from "../../contracts/common.ts";
import { createJobInput, jobSchema } from "../../contracts/job.ts";
import { createJob } from "../../services/jobs.ts";
import { companyProcedure } from "../../trpc.ts";

/** UI only for now (no `meta.openapi`): the jobs screen's "New job" form. */
export const createJobProcedure = companyProcedure
  .input(createJobInput)
  .output(dataEnvelope(jobSchema))
  .mutation(async ({ ctx, input }) => ({ data: await createJob(ctx.svc, input) }));
