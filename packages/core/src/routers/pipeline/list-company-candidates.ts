import { candidateListPageSchema, listCompanyCandidatesInput } from "../../contracts/candidate-search.ts";
import { listCompanyCandidates } from "../../services/candidate-search.ts";
import { companyProcedure } from "../../trpc.ts";

/** UI only: every candidate of the company (/candidates), with filters, search, sort and keyset pages. */
export const listCompanyCandidatesProcedure = companyProcedure
  .input(listCompanyCandidatesInput)
  .output(candidateListPageSchema)
  .query(({ ctx, input }) => listCompanyCandidates(ctx.svc, input));
