import { dataEnvelope } from "../../../kernel/contract/common.ts";
import { getPipelineInput, boardJobSchema } from "../contract/board.ts";
import { getJobWithDepartment } from "../board.ts";
import { companyProcedure } from "../../../kernel/trpc.ts";

/** UI only: one job with its retired stage keys, for the job form (the board without its candidates). */
export const getPipelineJobProcedure = companyProcedure
  .input(getPipelineInput)
  .output(dataEnvelope(boardJobSchema))
  .query(async ({ ctx, input }) => ({ data: await getJobWithDepartment(ctx.svc, input.job_id) }));
