import { dataEnvelope } from "../../contracts/common.ts";
import { getPipelineInput, boardJobSchema } from "../../contracts/pipeline.ts";
import { getJobWithDepartment } from "../../services/pipeline.ts";
import { companyProcedure } from "../../trpc.ts";

/** UI only: one job with its retired stage keys, for the job form (the board without its candidates). */
export const getPipelineJobProcedure = companyProcedure
  .input(getPipelineInput)
  .output(dataEnvelope(boardJobSchema))
  .query(async ({ ctx, input }) => ({ data: await getJobWithDepartment(ctx.svc, input.job_id) }));
