import { dataEnvelope } from "../../contracts/common.ts";
import { candidateScorecardsInput, candidateScorecardsSchema } from "../../contracts/scorecard.ts";
import { listCandidateScorecards } from "../../services/scorecards.ts";
import { companyProcedure } from "../../trpc.ts";

export const listCandidateScorecardsProcedure = companyProcedure
  .meta({
    scope: "scorecards:read",
    interviewer: "candidate",
    openapi: {
      method: "GET",
      path: "/candidates/{id}/scorecards",
      tags: ["Scorecards"],
      summary: "List a candidate's scorecards",
      description:
        "Every scorecard of the candidate's interviews, oldest interview first, with a summary: each attribute's ratings across the interviewers and the recommendations tally. API keys see them all; in the web app a member with the role interviewer sees the others' only after submitting their own (`hidden_count`).",
      protect: true,
      errorResponses: { 400: "Invalid id", 401: "Missing or invalid API key", 403: "The key lacks scorecards:read", 404: "Candidate not found" },
    },
  })
  .input(candidateScorecardsInput)
  .output(dataEnvelope(candidateScorecardsSchema))
  .query(async ({ ctx, input }) => ({ data: await listCandidateScorecards(ctx.svc, input.id) }));
