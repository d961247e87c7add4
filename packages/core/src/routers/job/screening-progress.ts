import { z } from "zod";
import { dataEnvelope, idParam, timestamp } from "../../contracts/common.ts";
import { screeningProgress } from "../../services/screening.ts";
import { companyProcedure } from "../../trpc.ts";

/** UI only: how far a re-score has come (the job page polls it). */
export const screeningProgressProcedure = companyProcedure
  .input(z.strictObject({ id: idParam }))
  .output(
    dataEnvelope(
      z.object({
        requested_at: timestamp.nullable(),
        total: z.number().int(),
        scored: z.number().int(),
        pending: z.number().int(),
      }),
    ),
  )
  .query(async ({ ctx, input }) => ({ data: await screeningProgress(ctx.svc, input.id) }));
