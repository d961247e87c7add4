import { candidateListPageSchema, listCompanyCandidatesInput } from "../../candidate/contract/candidate-search.ts";
import { listCompanyCandidates } from "../../candidate/company-candidates.ts";
import { companyProcedure } from "../../../kernel/trpc.ts";

/** UI only: every candidate of the company (/candidates), with filters, search, sort and keyset pages. */
export const listCompanyCandidatesProcedure = companyProcedure
  .input(listCompanyCandidatesInput)
  .output(candidateListPageSchema)
  .query(({ ctx, input }) => listCompanyCandidates(ctx.svc, input));
