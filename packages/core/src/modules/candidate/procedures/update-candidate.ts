import { candidateDetailSchema, updateCandidateInput } from "../contract/candidate.ts";
import { dataEnvelope } from "../../../kernel/contract/common.ts";
import { updateCandidate } from "../update.ts";
import { companyProcedure } from "../../../kernel/trpc.ts";

export const updateCandidateProcedure = companyProcedure
  .meta({
    scope: "candidates:write",
    openapi: {
      method: "PATCH",
      path: "/candidates/{id}",
      tags: ["Candidates"],
      summary: "Update a candidate",
      description:
        "Partial update. Changing `stage` to a different value records a stage_changed activity and sends `candidate.stage_changed` (changed_by `api`); setting the current stage again does nothing.",
      protect: true,
      errorResponses: { 400: "Validation failed", 401: "Missing or invalid API key", 404: "Candidate not found", 409: "Duplicate e-mail in this job" },
    },
  })
  .input(updateCandidateInput)
  .output(dataEnvelope(candidateDetailSchema))
  .mutation(async ({ ctx, input }) => ({ data: await updateCandidate(ctx.svc, input) }));
