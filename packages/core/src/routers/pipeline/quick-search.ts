import { dataEnvelope } from "../../contracts/common.ts";
import { quickSearchInput, quickSearchResultSchema } from "../../contracts/candidate-search.ts";
import { quickSearch } from "../../services/candidate-search.ts";
import { companyProcedure } from "../../trpc.ts";

/** UI only: the header's quick switcher (Ctrl+K / ⌘K): candidates and jobs for what was typed. */
export const quickSearchProcedure = companyProcedure
  .input(quickSearchInput)
  .output(dataEnvelope(quickSearchResultSchema))
  .query(async ({ ctx, input }) => ({ data: await quickSearch(ctx.svc, input.q) }));
