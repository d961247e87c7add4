import { dataEnvelope } from "../../../kernel/contract/common.ts";
import { getPipelineInput, pipelineBoardSchema } from "../contract/board.ts";
import { getPipeline } from "../board.ts";
import { companyProcedure } from "../../../kernel/trpc.ts";

/** UI only: one job's candidates for the board. */
export const getPipelineProcedure = companyProcedure
  .input(getPipelineInput)
  .output(dataEnvelope(pipelineBoardSchema))
  .query(async ({ ctx, input }) => ({ data: await getPipeline(ctx.svc, input.job_id) }));
