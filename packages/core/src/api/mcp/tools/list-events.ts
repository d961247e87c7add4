import { z } from "zod";
import { listEnvelope } from "../../../kernel/contract/common.ts";
import { eventSchema } from "../../../modules/webhook/contract/event.ts";
import { defineTool, nextPageHint, READ_ONLY, toolId, wire } from "../tool.ts";

/** GET /api/v1/events (events.list): what happened, newest first, kept 30 days. */
export const listEventsTool = defineTool({
  name: "list_events",
  title: "List events",
  description: "Recent events (candidate.applied, candidate.stage_changed, candidate.scored, …), newest first, kept 30 days; filter by type (comma-separated), time or candidate.",
  scopes: ["events:read"],
  annotations: READ_ONLY,
  input: z.strictObject({
    type: z.string().max(500).optional().describe("Event types, comma-separated (e.g. candidate.stage_changed)"),
    created_after: z.string().max(40).optional().describe("ISO 8601 UTC time, e.g. 2026-11-01T00:00:00.000Z"),
    candidate_id: toolId("Only events about this candidate").optional(),
    limit: z.number().int().min(1).max(100).optional().describe("Page size, 1..100 (default 25)"),
    cursor: z.string().max(500).optional().describe("pagination.next_cursor of the previous page"),
  }),
  output: listEnvelope(eventSchema),
  run: (caller, args) =>
    caller.events.list({ type: args.type, created_after: args.created_after, candidate_id: wire(args.candidate_id), limit: wire(args.limit), cursor: args.cursor } as never),
  summarize: (result) =>
    result.data.length === 0
      ? "No events."
      : `${result.data.length} event(s):\n${result.data.map((event) => `- ${event.occurred_at} ${event.type}`).join("\n")}${nextPageHint(result.pagination)}`,
});
