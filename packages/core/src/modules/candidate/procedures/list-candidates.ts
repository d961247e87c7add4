import { candidateSchema, listCandidatesInput } from "../contract/candidate.ts";
import { listEnvelope } from "../../../kernel/contract/common.ts";
import { listCandidates } from "../queries.ts";
import { companyProcedure } from "../../../kernel/trpc.ts";

export const listCandidatesProcedure = companyProcedure
  .meta({
    scope: "candidates:read",
    openapi: {
      method: "GET",
      path: "/candidates",
      tags: ["Candidates"],
      summary: "List candidates",
      description: "Newest first. Pass `pagination.next_cursor` as `cursor` for the next page.",
      protect: true,
      errorResponses: { 400: "Invalid filter or cursor", 401: "Missing or invalid API key" },
    },
  })
  .input(listCandidatesInput)
  .output(listEnvelope(candidateSchema))
  .query(({ ctx, input }) => listCandidates(ctx.svc, input));
