import { dataEnvelope } from "../../contracts/common.ts";
import { candidateProfileSchema, getCandidateProfileInput } from "../../contracts/pipeline.ts";
import { getCandidateProfile } from "../../services/pipeline.ts";
import { companyProcedure } from "../../trpc.ts";

/** UI only: the candidate page (detail, screening answers, activity timeline). */
export const getCandidateProfileProcedure = companyProcedure
  .input(getCandidateProfileInput)
  .output(dataEnvelope(candidateProfileSchema))
  .query(async ({ ctx, input }) => ({ data: await getCandidateProfile(ctx.svc, input.id) }));
