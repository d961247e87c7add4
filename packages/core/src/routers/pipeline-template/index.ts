import { router } from "../../trpc.ts";
import { getPipelineTemplateProcedure } from "./get-pipeline-template.ts";
import { updatePipelineTemplateProcedure } from "./update-pipeline-template.ts";

/** Settings → Pipeline (web app only). */
export const pipelineTemplateRouter = router({
  get: getPipelineTemplateProcedure,
  update: updatePipelineTemplateProcedure,
});
