import { pipelineTemplateSchema, updatePipelineTemplateInput } from "../../contracts/job-stages.ts";
import { updatePipelineTemplate } from "../../services/job-pipeline.ts";
import { adminProcedure } from "../../trpc.ts";

/** Settings → Pipeline (owners and admins): the template new jobs copy; null resets to the default. */
export const updatePipelineTemplateProcedure = adminProcedure
  .input(updatePipelineTemplateInput)
  .output(pipelineTemplateSchema)
  .mutation(({ ctx, input }) => updatePipelineTemplate(ctx.svc, input.stages));
