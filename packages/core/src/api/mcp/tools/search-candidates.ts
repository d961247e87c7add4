import { z } from "zod";
import { candidateSchema } from "../../../modules/candidate/contract/candidate.ts";
import { listEnvelope } from "../../../kernel/contract/common.ts";
import { candidateLine, defineTool, nextPageHint, READ_ONLY, toolId, wire } from "../tool.ts";

/** GET /api/v1/candidates (candidates.list) with its search and filters. */
export const searchCandidatesTool = defineTool({
  name: "search_candidates",
  title: "Search candidates",
  description:
    "Find candidates: full-text q (name, e-mail, resume, notes), a job, stage keys (comma-separated), a minimum fit score; sort by created (newest first) or fit_score (strongest first). Pass pagination.next_cursor as cursor for the next page.",
  scopes: ["candidates:read"],
  annotations: READ_ONLY,
  input: z.strictObject({
    q: z.string().max(200).optional().describe("Search text"),
    job_id: toolId("Only candidates of this job").optional(),
    stage: z.string().max(1000).optional().describe("Stage keys of the job's pipeline, comma-separated (e.g. applied,phonescreen)"),
    min_fit_score: z.number().int().min(0).max(100).optional().describe("Only candidates scored at least this (0..100)"),
    sort: z.enum(["created", "fit_score"]).optional().describe("created (newest first) or fit_score (highest first)"),
    limit: z.number().int().min(1).max(100).optional().describe("Page size, 1..100 (default 25)"),
    cursor: z.string().max(500).optional().describe("pagination.next_cursor of the previous page"),
  }),
  output: listEnvelope(candidateSchema),
  run: (caller, args) =>
    caller.candidates.list({
      q: args.q,
      job_id: wire(args.job_id),
      stage: args.stage,
      min_fit_score: wire(args.min_fit_score),
      sort: args.sort,
      limit: wire(args.limit),
      cursor: args.cursor,
    } as never),
  summarize: (result) =>
    result.data.length === 0
      ? "No candidates match."
      : `${result.data.length} candidate(s):\n${result.data.map((c) => `- ${candidateLine(c)}${c.job?.title ? ` for ${c.job.title}` : ""}`).join("\n")}${nextPageHint(result.pagination)}`,
});
