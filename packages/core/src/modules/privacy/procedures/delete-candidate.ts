import { erasedCandidateSchema, eraseCandidateInput } from "../contract/candidate-export.ts";
import { dataEnvelope } from "../../../kernel/contract/common.ts";
import { eraseCandidate } from "../erasure.ts";
import { companyProcedure } from "../../../kernel/trpc.ts";

export const deleteCandidateProcedure = companyProcedure
  .meta({
    scope: "candidates:write",
    // A signed-in recruiter is refused (403): erasure is for owners and admins.
    eraser: true,
    openapi: {
      method: "DELETE",
      path: "/candidates/{id}",
      tags: ["Candidates"],
      summary: "Erase a candidate",
      description:
        "Erases the candidate for good (GDPR Art. 17): contact data, notes, answers, resume file and data, fit details, stage history and every event naming them (queued webhook deliveries of those events are dropped). Sends `candidate.deleted` (ids only). Afterwards the candidate is a 404, its old `resume_url` no longer serves the file, and the same e-mail may apply to the job again. Cannot be undone.",
      protect: true,
      errorResponses: { 400: "Invalid id", 401: "Missing or invalid API key", 404: "Candidate not found" },
    },
    successStatus: 204,
  })
  .input(eraseCandidateInput)
  // The web app (tRPC) gets what was erased; REST answers 204 without a body (successStatus).
  .output(dataEnvelope(erasedCandidateSchema))
  .mutation(async ({ ctx, input }) => {
    const { deletedAt } = await eraseCandidate(ctx.svc, input.id);
    return { data: { id: input.id, deleted: true as const, deleted_at: deletedAt.toISOString() } };
  });
