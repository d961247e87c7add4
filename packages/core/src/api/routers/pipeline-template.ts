import { router } from "../../kernel/trpc.ts";
import { getPipelineTemplateProcedure } from "../../modules/pipeline/procedures/get-pipeline-template.ts";
import { updatePipelineTemplateProcedure } from "../../modules/pipeline/procedures/update-pipeline-template.ts";

/** Settings → Pipeline (web app only). */
export const pipelineTemplateRouter = router({
  get: getPipelineTemplateProcedure,
  update: updatePipelineTemplateProcedure,
});
