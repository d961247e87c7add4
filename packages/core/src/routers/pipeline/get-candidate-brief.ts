import { dataEnvelope } from "../../contracts/common.ts";
import { candidateBriefSchema, getCandidateBriefInput } from "../../contracts/pipeline.ts";
import { getCandidateBrief } from "../../services/candidate-brief.ts";
import { companyProcedure } from "../../trpc.ts";

/**
 * MCP's get_candidate (no REST route): the REST candidate, the screening answers and the newest
 * timeline entries, read in SQL side by side (services/candidate-brief.ts).
 */
export const getCandidateBriefProcedure = companyProcedure
  .meta({ interviewer: "candidate" })
  .input(getCandidateBriefInput)
  .output(dataEnvelope(candidateBriefSchema))
  .query(async ({ ctx, input }) => ({ data: await getCandidateBrief(ctx.svc, input.id) }));
