import { z } from "zod";
import { dataEnvelope, idParam, timestamp } from "../../../kernel/contract/common.ts";
import { requestRescore } from "../rescore.ts";
import { companyProcedure } from "../../../kernel/trpc.ts";

const rescoreSchema = z
  .object({
    job_id: z.number().int(),
    requested_at: timestamp,
    candidates: z.number().int().meta({ description: "Candidates queued for scoring" }),
  })
  .meta({ id: "RescoreRequest" });

export const rescoreJobProcedure = companyProcedure
  .meta({
    scope: "jobs:write",
    openapi: {
      method: "POST",
      path: "/jobs/{id}/rescore",
      tags: ["Jobs"],
      summary: "Re-score every candidate of a job",
      description:
        "Scores every candidate of the job again against its current criteria, in the background (each completed scoring sends `candidate.scored`). A re-score never moves anyone. 422 when the job's screening is off.",
      protect: true,
      errorResponses: { 400: "Invalid id", 401: "Missing or invalid API key", 404: "Job not found", 422: "Screening is off for this job" },
    },
    successStatus: 202,
  })
  .input(z.strictObject({ id: idParam }))
  .output(dataEnvelope(rescoreSchema))
  .mutation(async ({ ctx, input }) => ({ data: await requestRescore(ctx.svc, input.id) }));
