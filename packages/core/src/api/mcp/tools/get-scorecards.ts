import { z } from "zod";
import { dataEnvelope } from "../../../kernel/contract/common.ts";
import { candidateScorecardsSchema } from "../../../modules/interview/contract/scorecard.ts";
import { defineTool, READ_ONLY, toolId } from "../tool.ts";

/**
 * GET /api/v1/candidates/{id}/scorecards (scorecards.listForCandidate): the interview feedback and its
 * summary, under the same visibility as everywhere (an interviewer sees others' only after their own).
 */
export const getScorecardsTool = defineTool({
  name: "get_scorecards",
  title: "Get a candidate's scorecards",
  description: "The interviewers' scorecards for a candidate (a rating per attribute, an overall recommendation, notes) and their summary: each attribute's ratings and the recommendations tally.",
  scopes: ["scorecards:read"],
  annotations: READ_ONLY,
  input: z.strictObject({ candidate_id: toolId("The candidate's id") }),
  output: dataEnvelope(candidateScorecardsSchema),
  run: (caller, args) => caller.scorecards.listForCandidate({ id: String(args.candidate_id) } as never),
  summarize: ({ data }) => {
    const tally = Object.entries(data.summary.recommendations).filter(([, count]) => count > 0).map(([recommendation, count]) => `${recommendation} ${count}`);
    const hidden = data.hidden_count > 0 ? ` ${data.hidden_count} more hidden until your own scorecard is in.` : "";
    return data.scorecards.length === 0
      ? `No scorecards yet.${hidden}`
      : `${data.scorecards.length} scorecard(s); recommendations: ${tally.join(", ") || "none"}.\n${data.scorecards
          .map((card) => `- ${card.interview_title}: ${card.interviewer.name ?? card.interviewer.email} → ${card.recommendation}`)
          .join("\n")}${hidden}`;
  },
});
