import { dataEnvelope } from "../../../kernel/contract/common.ts";
import { scorecardSchema, submitScorecardInput } from "../contract/scorecard.ts";
import { saveScorecard } from "../scorecards.ts";
import { answerStatus, companyProcedure } from "../../../kernel/trpc.ts";

export const submitScorecardProcedure = companyProcedure
  .meta({
    scope: "scorecards:write",
    interviewer: "interview",
    openapi: {
      method: "POST",
      path: "/interviews/{id}/scorecards",
      tags: ["Scorecards"],
      summary: "Submit a scorecard",
      description:
        "An interviewer's scorecard for the interview: a rating per attribute of its kit (`strong_no`, `no`, `yes`, `strong_yes` or `not_assessed`; attributes left out are `not_assessed`), an overall `recommendation` and `notes`. One per interviewer: the first submission creates it (201), submitting again replaces it (200), until the candidate is hired or rejected (409). With an API key, `on_behalf_of` names the interviewer, a member on the interview's panel. Every submission is in the candidate's timeline and sends `scorecard.submitted` (without the notes, except to webhook endpoints with `include_scorecard_notes`).",
      protect: true,
      errorResponses: {
        400: "Validation failed (an attribute not in the kit: `ratings[i].attribute`; on_behalf_of missing or not a member)",
        401: "Missing or invalid API key",
        403: "The key lacks scorecards:write, or the member is not on the interview's panel",
        404: "Interview not found",
        409: "The interview is canceled, or the candidate is hired or rejected",
      },
    },
    // 201 when the member had no scorecard for the interview; 200 when this one replaced theirs.
    successStatus: 201,
    otherSuccess: {
      status: 200,
      description: "The interviewer's scorecard for the interview was replaced (the same id, `submitted_at` kept)",
      usualDescription: "The interviewer's first scorecard for the interview was created",
    },
  })
  .input(submitScorecardInput)
  .output(dataEnvelope(scorecardSchema))
  .mutation(async ({ ctx, input }) => {
    const { scorecard, created } = await saveScorecard(ctx.svc, input);
    if (!created) answerStatus(ctx, 200);
    return { data: scorecard };
  });
