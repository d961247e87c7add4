import { pipelineTemplateSchema, updatePipelineTemplateInput } from "../contract/job-stages.ts";
import { updatePipelineTemplate } from "../stages.ts";
import { adminProcedure } from "../../../kernel/trpc.ts";

/** Settings → Pipeline (owners and admins): the template new jobs copy; null resets to the default. */
export const updatePipelineTemplateProcedure = adminProcedure
  .input(updatePipelineTemplateInput)
  .output(pipelineTemplateSchema)
  .mutation(({ ctx, input }) => updatePipelineTemplate(ctx.svc, input.stages));
