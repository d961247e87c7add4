import { z } from "zod";
import { listEnvelope } from "../../../kernel/contract/common.ts";
import { jobSchema } from "../../../modules/job/contract/job.ts";
import { defineTool, nextPageHint, READ_ONLY, wire } from "../tool.ts";

/** GET /api/v1/jobs (jobs.list). */
export const listJobsTool = defineTool({
  name: "list_jobs",
  title: "List jobs",
  description: "The company's jobs, newest first, with their pipeline stages and screening criteria. Filter by is_active / is_public; pass pagination.next_cursor as cursor for the next page.",
  scopes: ["jobs:read"],
  annotations: READ_ONLY,
  input: z.strictObject({
    is_active: z.boolean().optional().describe("Only open (true) or closed (false) jobs"),
    is_public: z.boolean().optional().describe("Only jobs on (true) or off (false) the careers page"),
    limit: z.number().int().min(1).max(100).optional().describe("Page size, 1..100 (default 25)"),
    cursor: z.string().max(500).optional().describe("pagination.next_cursor of the previous page"),
  }),
  output: listEnvelope(jobSchema),
  run: (caller, args) => caller.jobs.list({ is_active: wire(args.is_active), is_public: wire(args.is_public), limit: wire(args.limit), cursor: args.cursor } as never),
  summarize: (result) =>
    result.data.length === 0
      ? "No jobs."
      : `${result.data.length} job(s):\n${result.data.map((job) => `- #${job.id} ${job.title}${job.is_active ? "" : " (closed)"}`).join("\n")}${nextPageHint(result.pagination)}`,
});
