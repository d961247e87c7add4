import { listEnvelope } from "../../../kernel/contract/common.ts";
import { jobSchema, listJobsInput } from "../contract/job.ts";
import { listJobs } from "../jobs.ts";
import { companyProcedure } from "../../../kernel/trpc.ts";

export const listJobsProcedure = companyProcedure
  .meta({
    scope: "jobs:read",
    openapi: {
      method: "GET",
      path: "/jobs",
      tags: ["Jobs"],
      summary: "List jobs",
      description: "Newest first. Pass `pagination.next_cursor` as `cursor` for the next page.",
      protect: true,
      errorResponses: { 400: "Invalid filter or cursor", 401: "Missing or invalid API key" },
    },
  })
  .input(listJobsInput)
  .output(listEnvelope(jobSchema))
  .query(({ ctx, input }) => listJobs(ctx.svc, input));
