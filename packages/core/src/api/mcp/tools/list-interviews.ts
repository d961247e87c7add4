import { z } from "zod";
import { listEnvelope } from "../../../kernel/contract/common.ts";
import { interviewSchema } from "../../../modules/interview/contract/interview.ts";
import { defineTool, nextPageHint, READ_ONLY, toolId, wire } from "../tool.ts";

/** GET /api/v1/interviews (interviews.list): scheduled interviews, soonest first, with their panels. */
export const listInterviewsTool = defineTool({
  name: "list_interviews",
  title: "List interviews",
  description: "Scheduled interviews with their time, time zone, place or video link and panel; filter by candidate, interviewer (a member id from the panel) or time window.",
  scopes: ["interviews:read"],
  annotations: READ_ONLY,
  input: z.strictObject({
    candidate_id: toolId("Only this candidate's interviews").optional(),
    interviewer_id: z.uuid().optional().describe("Only interviews with this member on the panel"),
    from: z.string().max(40).optional().describe("Only interviews that end after this ISO 8601 time"),
    to: z.string().max(40).optional().describe("Only interviews that start before this ISO 8601 time"),
    limit: z.number().int().min(1).max(100).optional().describe("Page size, 1..100 (default 25)"),
    cursor: z.string().max(500).optional().describe("pagination.next_cursor of the previous page"),
  }),
  output: listEnvelope(interviewSchema),
  run: (caller, args) =>
    caller.interviews.list({
      candidate_id: wire(args.candidate_id),
      interviewer_id: args.interviewer_id,
      from: args.from,
      to: args.to,
      limit: wire(args.limit),
      cursor: args.cursor,
    } as never),
  summarize: (result) =>
    result.data.length === 0
      ? "No interviews."
      : `${result.data.length} interview(s):\n${result.data
          .map((interview) => `- #${interview.id} ${interview.title}, candidate #${interview.candidate_id}, ${interview.start_at} (${interview.time_zone})${interview.status === "canceled" ? " — canceled" : ""}`)
          .join("\n")}${nextPageHint(result.pagination)}`,
});
