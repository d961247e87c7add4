import { z } from "zod";
import { dataEnvelope } from "../../../kernel/contract/common.ts";
import { MAX_POOL, MAX_WINDOW_DAYS, schedulingLinkSchema } from "../../../modules/scheduling/contract/scheduling-link.ts";
import { defineTool, toolId } from "../tool.ts";

/**
 * POST /api/v1/scheduling_links (schedulingLinks.create): a link with which the candidate books one
 * interview with one member of the pool, e-mailed to them unless notify_candidate is false. Revoking a
 * link has no tool: a person does that in Hireflow (or DELETE /scheduling_links/{id}).
 */
export const sendSchedulingLinkTool = defineTool({
  name: "send_scheduling_link",
  title: "Send a scheduling link",
  description: `Sends a candidate a link to book an interview themselves: they pick a free time of one member of interviewer_ids (the pool; the least-loaded free member takes it), within their working hours, buffers and daily caps, outside their interviews and busy calendars, and at least min_notice_hours ahead. The candidate gets the link by e-mail (the company's template) unless notify_candidate is false; the answer carries the link's url either way. interviewer_ids are members' ids (UUIDs), e.g. from the panels list_interviews shows. The window is from..to (default: the next 14 days; at most ${MAX_WINDOW_DAYS} days). The booking creates the interview and sends the invitations; the candidate can reschedule or cancel it from the confirmation.`,
  scopes: ["interviews:write"],
  // It adds a link and an e-mail: nothing is overwritten or removed; each call is a new link (not idempotent).
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  input: z.strictObject({
    candidate_id: toolId("The candidate who books (needs an e-mail address unless notify_candidate is false)"),
    title: z.string().max(200).describe("The interview's title, e.g. Technical interview"),
    duration_minutes: z.number().int().min(15).max(480).describe("Length of the interview in minutes, 15..480"),
    interviewer_ids: z.array(z.string().max(64)).min(1).max(MAX_POOL).describe(`The pool: 1..${MAX_POOL} members' ids (UUIDs); one of them takes the interview`),
    from: z.string().max(40).optional().describe("Start of the window, ISO 8601 with Z or an offset (default: now)"),
    to: z.string().max(40).optional().describe("End of the window, ISO 8601 with Z or an offset (default: 14 days after from)"),
    min_notice_hours: z.number().int().min(0).max(336).optional().describe("A slot starts at least this many hours ahead (default 24)"),
    video_url: z.string().max(2048).optional().describe("The video call's address, put in the invitation"),
    notify_candidate: z.boolean().optional().describe("E-mail the link to the candidate (default true)"),
  }),
  output: dataEnvelope(schedulingLinkSchema),
  run: (caller, args) => caller.schedulingLinks.create(args as never),
  summarize: ({ data }) =>
    `Scheduling link #${data.id} (${data.status}) for candidate #${data.candidate_id}: ${data.title}, ${data.duration_minutes} min, a pool of ${data.interviewer_ids.length}, window ${data.from} to ${data.to}${data.expires_at ? `, expires ${data.expires_at}` : ""}. ${
      data.notify_candidate ? "E-mailed to the candidate" : "Not e-mailed: share it with the candidate yourself"
    }: ${data.url}`,
});
