import { router } from "../../trpc.ts";
import { getCandidateProfileProcedure } from "./get-candidate-profile.ts";
import { getPipelineProcedure } from "./get-pipeline.ts";
import { listPipelineJobsProcedure } from "./list-pipeline-jobs.ts";
import { moveCandidatesProcedure } from "./move-candidates.ts";

/** The web app's jobs list, board and candidate page. No `meta.openapi`: not part of the REST API. */
export const pipelineRouter = router({
  jobs: listPipelineJobsProcedure,
  board: getPipelineProcedure,
  move: moveCandidatesProcedure,
  candidate: getCandidateProfileProcedure,
});
