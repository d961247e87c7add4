import { dataEnvelope } from "../../../kernel/contract/common.ts";
import { createJobInput, jobSchema } from "../contract/job.ts";
import { createJob } from "../jobs.ts";
import { companyProcedure } from "../../../kernel/trpc.ts";

export const createJobProcedure = companyProcedure
  .meta({
    scope: "jobs:write",
    openapi: {
      method: "POST",
      path: "/jobs",
      tags: ["Jobs"],
      summary: "Create a job",
      description:
        "The body mirrors the Job object (`salary` as an object, `screening` for AI screening), with `department` by name (created on first use) or `department_id`. An `answer` criterion must name one of the job's `screening_questions`.",
      protect: true,
      errorResponses: { 400: "Validation failed", 401: "Missing or invalid API key" },
    },
    successStatus: 201,
  })
  .input(createJobInput)
  .output(dataEnvelope(jobSchema))
  .mutation(async ({ ctx, input }) => ({ data: await createJob(ctx.svc, input) }));
