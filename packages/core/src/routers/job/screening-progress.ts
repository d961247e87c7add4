import { z } from "zod";
import { dataEnvelope, idParam } from "../../contracts/common.ts";
import { screeningProgressSchema } from "../../contracts/screening.ts";
import { screeningProgress } from "../../services/screening.ts";
import { companyProcedure } from "../../trpc.ts";

/** UI only: how far a re-score has come (the job page polls it). */
export const screeningProgressProcedure = companyProcedure
  .input(z.strictObject({ id: idParam }))
  .output(dataEnvelope(screeningProgressSchema))
  .query(async ({ ctx, input }) => ({ data: await screeningProgress(ctx.svc, input.id) }));
