import { dataEnvelope } from "../../contracts/common.ts";
import { getJobInput, jobSchema } from "../../contracts/job.ts";
import { getJob } from "../../services/jobs.ts";
import { companyProcedure } from "../../trpc.ts";

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
