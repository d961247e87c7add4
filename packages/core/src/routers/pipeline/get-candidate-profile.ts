import { dataEnvelope } from "../../contracts/common.ts";
import { candidateProfileSchema, getCandidateProfileInput } from "../../contracts/pipeline.ts";
import { getCandidateProfile } from "../../services/pipeline.ts";
import { companyProcedure } from "../../trpc.ts";

/** UI only: the candidate page (detail, screening answers, activity timeline). */
export const getCandidateProfileProcedure = companyProcedure
  // An interviewer opens the profile of a candidate they interview (issue 26 §3).
  .meta({ interviewer: "candidate" })
  .input(getCandidateProfileInput)
  .output(dataEnvelope(candidateProfileSchema))
  .query(async ({ ctx, input }) => ({ data: await getCandidateProfile(ctx.svc, input.id) }));
