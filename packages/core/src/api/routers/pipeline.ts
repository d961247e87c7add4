import { router } from "../../kernel/trpc.ts";
import { getCandidateBriefProcedure } from "../../modules/board/procedures/get-candidate-brief.ts";
import { getCandidateProfileProcedure } from "../../modules/board/procedures/get-candidate-profile.ts";
import { getPipelineProcedure } from "../../modules/board/procedures/get-pipeline.ts";
import { getPipelineJobProcedure } from "../../modules/board/procedures/get-pipeline-job.ts";
import { listCompanyCandidatesProcedure } from "../../modules/board/procedures/list-company-candidates.ts";
import { listPipelineJobsProcedure } from "../../modules/board/procedures/list-pipeline-jobs.ts";
import { moveCandidatesProcedure } from "../../modules/board/procedures/move-candidates.ts";
import { quickSearchProcedure } from "../../modules/board/procedures/quick-search.ts";

/**
 * The web app's jobs list, board, candidate page, company-wide candidate list and quick switcher, and
 * MCP get_candidate's read (candidateBrief).
 * No `meta.openapi`: not part of the REST API.
 */
export const pipelineRouter = router({
  jobs: listPipelineJobsProcedure,
  board: getPipelineProcedure,
  job: getPipelineJobProcedure,
  move: moveCandidatesProcedure,
  candidate: getCandidateProfileProcedure,
  candidateBrief: getCandidateBriefProcedure,
  candidates: listCompanyCandidatesProcedure,
  quickSearch: quickSearchProcedure,
});
