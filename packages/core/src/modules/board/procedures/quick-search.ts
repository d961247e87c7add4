import { dataEnvelope } from "../../../kernel/contract/common.ts";
import { quickSearchInput, quickSearchResultSchema } from "../../candidate/contract/candidate-search.ts";
import { quickSearch } from "../../candidate/company-candidates.ts";
import { companyProcedure } from "../../../kernel/trpc.ts";

/** UI only: the header's quick switcher (Ctrl+K / ⌘K): candidates and jobs for what was typed. */
export const quickSearchProcedure = companyProcedure
  .input(quickSearchInput)
  .output(dataEnvelope(quickSearchResultSchema))
  .query(async ({ ctx, input }) => ({ data: await quickSearch(ctx.svc, input.q) }));
