import { type McpTool } from "../tool.ts";
import { addNoteTool } from "./add-note.ts";
import { createCandidateTool } from "./create-candidate.ts";
import { draftOfferTool } from "./draft-offer.ts";
import { getCandidateTool } from "./get-candidate.ts";
import { getJobTool } from "./get-job.ts";
import { getOfferTool } from "./get-offer.ts";
import { getScorecardsTool } from "./get-scorecards.ts";
import { listEventsTool } from "./list-events.ts";
import { listInterviewsTool } from "./list-interviews.ts";
import { listJobsTool } from "./list-jobs.ts";
import { listOffersTool } from "./list-offers.ts";
import { moveCandidateTool } from "./move-candidate.ts";
import { pipelineSummaryTool } from "./pipeline-summary.ts";
import { searchCandidatesTool } from "./search-candidates.ts";
import { sendSchedulingLinkTool } from "./send-scheduling-link.ts";

/**
 * Every tool of /api/mcp. Erasure and webhook management are deliberately not here: an assistant
 * must not be able to delete candidates for good or redirect the company's event stream. Offers only
 * as far as a draft: requesting approval, deciding, sending and withdrawing are a person's to do.
 * Scheduling links only to send one: revoking is a person's to do.
 */
export const MCP_TOOLS: readonly McpTool[] = [
  listJobsTool,
  getJobTool,
  searchCandidatesTool,
  getCandidateTool,
  createCandidateTool,
  addNoteTool,
  moveCandidateTool,
  listEventsTool,
  pipelineSummaryTool,
  listInterviewsTool,
  getScorecardsTool,
  listOffersTool,
  getOfferTool,
  draftOfferTool,
  sendSchedulingLinkTool,
];
