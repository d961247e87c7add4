import { z } from "zod";
import { retentionPreviewInput } from "../contract/privacy.ts";
import { countRetentionEligible } from "../retention.ts";
import { adminProcedure } from "../../../kernel/trpc.ts";

/** How many candidates a rule would erase now, before it is saved. */
export const previewRetentionProcedure = adminProcedure
  .input(retentionPreviewInput)
  .output(z.object({ eligible_now: z.number().int() }))
  .query(async ({ ctx, input }) => ({
    eligible_now: await countRetentionEligible(ctx.svc.db, ctx.svc.companyId, { months: input.retention_months, scope: input.retention_scope }),
  }));
