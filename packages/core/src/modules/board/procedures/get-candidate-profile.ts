import { dataEnvelope } from "../../../kernel/contract/common.ts";
import { candidateProfileSchema, getCandidateProfileInput } from "../contract/board.ts";
import { getCandidateProfile } from "../board.ts";
import { companyProcedure } from "../../../kernel/trpc.ts";

/** UI only: the candidate page (detail, screening answers, activity timeline). */
export const getCandidateProfileProcedure = companyProcedure
  // An interviewer opens the profile of a candidate they interview (issue 26 §3).
  .meta({ interviewer: "candidate" })
  .input(getCandidateProfileInput)
  .output(dataEnvelope(candidateProfileSchema))
  .query(async ({ ctx, input }) => ({ data: await getCandidateProfile(ctx.svc, input.id) }));
