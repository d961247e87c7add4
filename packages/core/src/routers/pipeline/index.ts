import { router } from "../../trpc.ts";
import { getCandidateBriefProcedure } from "./get-candidate-brief.ts";
import { getCandidateProfileProcedure } from "./get-candidate-profile.ts";
import { getPipelineProcedure } from "./get-pipeline.ts";
import { getPipelineJobProcedure } from "./get-pipeline-job.ts";
import { listCompanyCandidatesProcedure } from "./list-company-candidates.ts";
import { listPipelineJobsProcedure } from "./list-pipeline-jobs.ts";
import { moveCandidatesProcedure } from "./move-candidates.ts";
import { quickSearchProcedure } from "./quick-search.ts";

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
