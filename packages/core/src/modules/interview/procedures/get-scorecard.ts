import { dataEnvelope } from "../../../kernel/contract/common.ts";
import { scorecardIdInput, scorecardSchema } from "../contract/scorecard.ts";
import { getScorecard } from "../scorecards.ts";
import { companyProcedure } from "../../../kernel/trpc.ts";

export const getScorecardProcedure = companyProcedure
  .meta({
    scope: "scorecards:read",
    // The service limits an interviewer to the scorecards they may see (their candidates, no anchoring).
    interviewer: "own",
    openapi: {
      method: "GET",
      path: "/scorecards/{id}",
      tags: ["Scorecards"],
      summary: "Retrieve a scorecard",
      description:
        "One scorecard with its ratings, recommendation and notes. Under the same visibility as the candidate's list: a member on the candidate's panel who has not submitted their own scorecard yet gets 403 for the others' (no anchoring). An API key reads any, or with `on_behalf_of` as that member.",
      protect: true,
      errorResponses: { 400: "Invalid id, or on_behalf_of not a member", 401: "Missing or invalid API key", 403: "The key lacks scorecards:read, or the member has not submitted their own scorecard for the candidate yet", 404: "Scorecard not found" },
    },
  })
  .input(scorecardIdInput)
  .output(dataEnvelope(scorecardSchema))
  .query(async ({ ctx, input }) => ({ data: await getScorecard(ctx.svc, input.id, input.on_behalf_of) }));
