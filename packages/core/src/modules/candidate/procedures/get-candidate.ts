import { candidateDetailSchema, getCandidateInput } from "../contract/candidate.ts";
import { dataEnvelope } from "../../../kernel/contract/common.ts";
import { getCandidate } from "../queries.ts";
import { companyProcedure } from "../../../kernel/trpc.ts";

export const getCandidateProcedure = companyProcedure
  .meta({
    scope: "candidates:read",
    interviewer: "candidate",
    openapi: {
      method: "GET",
      path: "/candidates/{id}",
      tags: ["Candidates"],
      summary: "Retrieve a candidate",
      protect: true,
      errorResponses: { 400: "Invalid id", 401: "Missing or invalid API key", 404: "Candidate not found" },
    },
  })
  .input(getCandidateInput)
  .output(dataEnvelope(candidateDetailSchema))
  .query(async ({ ctx, input }) => ({ data: await getCandidate(ctx.svc, input.id) }));
