import { dataEnvelope } from "../../../kernel/contract/common.ts";
import { listCandidateScorecardsInput, candidateScorecardsSchema } from "../contract/scorecard.ts";
import { listCandidateScorecards } from "../scorecards.ts";
import { companyProcedure } from "../../../kernel/trpc.ts";

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
        "Every scorecard of the candidate's interviews the caller may see, oldest interview first, with a summary of those: each attribute's ratings across the interviewers and the recommendations tally. No anchoring: a member on one of the candidate's interview panels, whatever their role, sees only their own scorecard until they have submitted it (`hidden_count` says how many others there are); owners, admins and the hiring team leads of the candidate's job (`hiring_team_lead_ids`) see all, and so do members on none of its panels. An API key sees all, or with `on_behalf_of` what that member sees.",
      protect: true,
      errorResponses: { 400: "Invalid id, or on_behalf_of not a member", 401: "Missing or invalid API key", 403: "The key lacks scorecards:read", 404: "Candidate not found" },
    },
  })
  .input(listCandidateScorecardsInput)
  .output(dataEnvelope(candidateScorecardsSchema))
  .query(async ({ ctx, input }) => ({ data: await listCandidateScorecards(ctx.svc, input.id, input.on_behalf_of) }));
