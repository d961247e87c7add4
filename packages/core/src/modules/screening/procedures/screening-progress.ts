import { z } from "zod";
import { dataEnvelope, idParam } from "../../../kernel/contract/common.ts";
import { screeningProgressSchema } from "../contract/screening.ts";
import { screeningProgress } from "../rescore.ts";
import { companyProcedure } from "../../../kernel/trpc.ts";

/** UI only: how far a re-score has come (the job page polls it). */
export const screeningProgressProcedure = companyProcedure
  .input(z.strictObject({ id: idParam }))
  .output(dataEnvelope(screeningProgressSchema))
  .query(async ({ ctx, input }) => ({ data: await screeningProgress(ctx.svc, input.id) }));
