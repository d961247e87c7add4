import { dataEnvelope } from "../../../kernel/contract/common.ts";
import { screeningExplanationInput, screeningExplanationSentSchema } from "../contract/screening-explanation.ts";
import { sendScreeningExplanation } from "../screening-explanation.ts";
import { companyProcedure } from "../../../kernel/trpc.ts";

export const sendScreeningExplanationProcedure = companyProcedure
  .meta({
    // As the rejection e-mail (a move through PATCH /candidates/{id}): candidate e-mails are candidates:write.
    scope: "candidates:write",
    openapi: {
      method: "POST",
      path: "/candidates/{id}/screening_explanation/send",
      tags: ["Candidates"],
      summary: "Send the AI screening explanation to the candidate",
      description:
        "E-mails the candidate the explanation of GET /candidates/{id}/screening_explanation as it reads now (plain text and HTML), through the company's e-mail delivery (sent over SMTP, or kept in the e-mail log when the server sends no mail). Recorded in the candidate's timeline and the audit log. 409 when the candidate has no e-mail address, or the automated tool never assessed the application (opted out, screening off, not scored, pending, failed): there is nothing of it to explain. Honours Idempotency-Key: a retry with the same key sends nothing twice.",
      protect: true,
      errorResponses: { 400: "Invalid id", 401: "Missing or invalid API key", 404: "Candidate not found", 409: "No e-mail address, or the tool never assessed the application" },
    },
    // Accepted: queued for the e-mail delivery, not sent yet.
    successStatus: 202,
  })
  .input(screeningExplanationInput)
  .output(dataEnvelope(screeningExplanationSentSchema))
  .mutation(async ({ ctx, input }) => ({ data: await sendScreeningExplanation(ctx.svc, input.id) }));
