import { dataEnvelope } from "../../../kernel/contract/common.ts";
import { getJobInput, jobSchema } from "../contract/job.ts";
import { getJob } from "../jobs.ts";
import { companyProcedure } from "../../../kernel/trpc.ts";

export const getJobProcedure = companyProcedure
  .meta({
    scope: "jobs:read",
    openapi: {
      method: "GET",
      path: "/jobs/{id}",
      tags: ["Jobs"],
      summary: "Retrieve a job",
      protect: true,
      errorResponses: { 400: "Invalid id", 401: "Missing or invalid API key", 404: "Job not found" },
    },
  })
  .input(getJobInput)
  .output(dataEnvelope(jobSchema))
  .query(async ({ ctx, input }) => ({ data: await getJob(ctx.svc, input.id) }));
