import { z } from "zod";
import { pipelineJobSchema } from "../../contracts/pipeline.ts";
import { listPipelineJobs } from "../../services/pipeline.ts";
import { companyProcedure } from "../../trpc.ts";

/** UI only: the jobs list with candidate counts per stage. */
export const listPipelineJobsProcedure = companyProcedure
  .output(z.object({ data: z.array(pipelineJobSchema) }))
  .query(async ({ ctx }) => ({ data: await listPipelineJobs(ctx.svc) }));
