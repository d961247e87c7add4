import { dataEnvelope } from "../../../kernel/contract/common.ts";
import { jobSchema, updateJobInput } from "../contract/job.ts";
import { updateJob } from "../jobs.ts";
import { companyProcedure } from "../../../kernel/trpc.ts";

export const updateJobProcedure = companyProcedure
  .meta({
    scope: "jobs:write",
    openapi: {
      method: "PATCH",
      path: "/jobs/{id}",
      tags: ["Jobs"],
      summary: "Update a job",
      description:
        "Strict partial update: only the fields sent change; within `screening` and `salary`, only the keys sent. Changing the criteria does not re-score anyone: ask for that with `POST /jobs/{id}/rescore`.",
      protect: true,
      errorResponses: { 400: "Validation failed", 401: "Missing or invalid API key", 404: "Job not found" },
    },
  })
  .input(updateJobInput)
  .output(dataEnvelope(jobSchema))
  .mutation(async ({ ctx, input }) => ({ data: await updateJob(ctx.svc, input) }));
