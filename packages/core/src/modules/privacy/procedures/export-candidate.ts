import { candidateExportSchema, exportCandidateInput } from "../contract/candidate-export.ts";
import { dataEnvelope } from "../../../kernel/contract/common.ts";
import { exportCandidate } from "../erasure.ts";
import { companyProcedure } from "../../../kernel/trpc.ts";

export const exportCandidateProcedure = companyProcedure
  .meta({
    scope: "candidates:read",
    openapi: {
      method: "GET",
      path: "/candidates/{id}/export",
      tags: ["Candidates"],
      summary: "Export everything held about a candidate",
      description:
        "One JSON document for an access request (GDPR Art. 15): the profile (with a signed resume link, valid 24 hours, and the parsed resume data), the application's answers, the resume's extracted text, every activity and note, every interviewer's scorecard (ratings, recommendation, notes, with the interview's title and time), and every AI screening run with its criteria and evidence.",
      protect: true,
      errorResponses: { 400: "Invalid id", 401: "Missing or invalid API key", 404: "Candidate not found" },
    },
  })
  .input(exportCandidateInput)
  .output(dataEnvelope(candidateExportSchema))
  .query(async ({ ctx, input }) => ({ data: await exportCandidate(ctx.svc, input.id) }));
