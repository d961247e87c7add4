import { dataEnvelope } from "../../../kernel/contract/common.ts";
import { candidateBriefSchema, getCandidateBriefInput } from "../contract/board.ts";
import { getCandidateBrief } from "../candidate-brief.ts";
import { companyProcedure } from "../../../kernel/trpc.ts";

/**
 * MCP's get_candidate (no REST route): the REST candidate, the screening answers and the newest
 * timeline entries, read in SQL side by side (services/candidate-brief.ts).
 */
export const getCandidateBriefProcedure = companyProcedure
  .meta({ interviewer: "candidate" })
  .input(getCandidateBriefInput)
  .output(dataEnvelope(candidateBriefSchema))
  .query(async ({ ctx, input }) => ({ data: await getCandidateBrief(ctx.svc, input.id) }));
