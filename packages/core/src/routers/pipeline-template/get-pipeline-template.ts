import { z } from "zod";
import { pipelineTemplateSchema } from "../../contracts/job-stages.ts";
import { readPipelineTemplate } from "../../services/job-pipeline.ts";
import { companyProcedure } from "../../trpc.ts";

/** The stages new jobs start with (the job form shows them for a new job). */
export const getPipelineTemplateProcedure = companyProcedure
  .input(z.strictObject({}).optional())
  .output(pipelineTemplateSchema)
  .query(({ ctx }) => readPipelineTemplate(ctx.svc.db, ctx.svc.companyId));
