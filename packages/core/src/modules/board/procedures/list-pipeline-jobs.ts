import { z } from "zod";
import { pipelineJobSchema } from "../contract/board.ts";
import { listPipelineJobs } from "../board.ts";
import { companyProcedure } from "../../../kernel/trpc.ts";

/** UI only: the jobs list with candidate counts per stage. */
export const listPipelineJobsProcedure = companyProcedure
  .output(z.object({ data: z.array(pipelineJobSchema) }))
  .query(async ({ ctx }) => ({ data: await listPipelineJobs(ctx.svc) }));
