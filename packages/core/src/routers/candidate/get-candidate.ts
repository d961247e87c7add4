import { candidateDetailSchema, getCandidateInput } from "../../contracts/candidate.ts";
import { dataEnvelope } from "../../contracts/common.ts";
import { getCandidate } from "../../services/candidates.ts";
import { companyProcedure } from "../../trpc.ts";

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
