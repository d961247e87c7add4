import { dataEnvelope } from "../../../kernel/contract/common.ts";
import { screeningExplanationInput, screeningExplanationSchema } from "../contract/screening-explanation.ts";
import { getScreeningExplanation } from "../screening-explanation.ts";
import { companyProcedure } from "../../../kernel/trpc.ts";

export const getScreeningExplanationProcedure = companyProcedure
  .meta({
    scope: "candidates:read",
    openapi: {
      method: "GET",
      path: "/candidates/{id}/screening_explanation",
      tags: ["Candidates"],
      summary: "Explain the AI screening tool's part in a decision",
      description:
        "A plain-language explanation for the candidate (say, after a rejection): whether the automated screening tool assessed the application, each criterion it judged and how (met, not met, could not be judged, with the evidence), the score against the job's threshold, whether a person or the AI agent made the rejection, and how to ask for a review by a person (the company's screening contact). `status` says when the tool was not used (opted out, screening off, not scored). `text` holds it all, ready to send. Also in GET /candidates/{id}/export.",
      protect: true,
      errorResponses: { 400: "Invalid id", 401: "Missing or invalid API key", 404: "Candidate not found" },
    },
  })
  .input(screeningExplanationInput)
  .output(dataEnvelope(screeningExplanationSchema))
  .query(async ({ ctx, input }) => ({ data: await getScreeningExplanation(ctx.svc, input.id) }));
