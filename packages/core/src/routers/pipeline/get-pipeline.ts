import { dataEnvelope } from "../../contracts/common.ts";
import { getPipelineInput, pipelineBoardSchema } from "../../contracts/pipeline.ts";
import { getPipeline } from "../../services/pipeline.ts";
import { companyProcedure } from "../../trpc.ts";

/** UI only: one job's candidates for the board. */
export const getPipelineProcedure = companyProcedure
  .input(getPipelineInput)
  .output(dataEnvelope(pipelineBoardSchema))
  .query(async ({ ctx, input }) => ({ data: await getPipeline(ctx.svc, input.job_id) }));
