import { z } from "zod";
import { pipelineTemplateSchema } from "../contract/job-stages.ts";
import { readPipelineTemplate } from "../stages.ts";
import { companyProcedure } from "../../../kernel/trpc.ts";

/** The stages new jobs start with (the job form shows them for a new job). */
export const getPipelineTemplateProcedure = companyProcedure
  .input(z.strictObject({}).optional())
  .output(pipelineTemplateSchema)
  .query(({ ctx }) => readPipelineTemplate(ctx.svc.db, ctx.svc.companyId));
