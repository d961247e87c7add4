import { resumeParseJob } from "./resume-pipeline/index.ts";
import { type AnyJobDefinition } from "./runtime/index.ts";
import { webhookJobs } from "./webhooks/index.ts";

/**
 * Every background job of Hireflow, served by Inngest at /api/inngest in production and run by
 * the local runner everywhere else. Add a job by adding it here.
 */
export const allJobs: AnyJobDefinition[] = [
  resumeParseJob,
  ...webhookJobs,
];
