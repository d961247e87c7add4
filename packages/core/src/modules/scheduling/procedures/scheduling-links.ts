import { dataEnvelope, listEnvelope } from "../../../kernel/contract/common.ts";
import { companyProcedure } from "../../../kernel/trpc.ts";
import { createSchedulingLinkInput, listSchedulingLinksInput, schedulingLinkIdInput, schedulingLinkSchema } from "../contract/scheduling-link.ts";
import { createSchedulingLink, getSchedulingLink, listSchedulingLinks, revokeSchedulingLink } from "../links.ts";

const auth = { 401: "Missing or invalid API key", 403: "The key lacks the scope, or the member's role may not schedule" };

export const createSchedulingLinkProcedure = companyProcedure
  .meta({
    scope: "interviews:write",
    openapi: {
      method: "POST",
      path: "/scheduling_links",
      tags: ["Scheduling"],
      summary: "Send a scheduling link",
      description:
        "Creates a link with which the candidate books one interview with one member of `interviewer_ids` (the pool), in the free time their availability leaves (GET /users/{id}/availability): working hours, buffers, daily caps, their interviews and busy calendars, and `min_notice_hours`. With `notify_candidate` (the default) the candidate gets the link by e-mail (Settings → E-mail: the scheduling link template). The booking creates the interview as POST /interviews does (`scheduled_by: \"candidate\"`, `interview.scheduled`).",
      protect: true,
      errorResponses: { 400: "Validation failed (window, pool members, a candidate without e-mail to notify)", ...auth, 404: "Candidate not found" },
    },
    successStatus: 201,
  })
  .input(createSchedulingLinkInput)
  .output(dataEnvelope(schedulingLinkSchema))
  .mutation(async ({ ctx, input }) => ({ data: await createSchedulingLink(ctx.svc, input) }));

export const getSchedulingLinkProcedure = companyProcedure
  .meta({
    scope: "interviews:read",
    openapi: { method: "GET", path: "/scheduling_links/{id}", tags: ["Scheduling"], summary: "Retrieve a scheduling link", protect: true, errorResponses: { 400: "Invalid id", ...auth, 404: "Scheduling link not found" } },
  })
  .input(schedulingLinkIdInput)
  .output(dataEnvelope(schedulingLinkSchema))
  .query(async ({ ctx, input }) => ({ data: await getSchedulingLink(ctx.svc, input.id) }));

export const listSchedulingLinksProcedure = companyProcedure
  .meta({
    scope: "interviews:read",
    openapi: {
      method: "GET",
      path: "/scheduling_links",
      tags: ["Scheduling"],
      summary: "List scheduling links",
      description: "Newest first; `candidate_id` narrows to one candidate's links. Pass `pagination.next_cursor` as `cursor` for the next page.",
      protect: true,
      errorResponses: { 400: "Invalid cursor, limit or candidate_id", ...auth },
    },
  })
  .input(listSchedulingLinksInput)
  .output(listEnvelope(schedulingLinkSchema))
  .query(({ ctx, input }) => listSchedulingLinks(ctx.svc, input));

export const revokeSchedulingLinkProcedure = companyProcedure
  .meta({
    scope: "interviews:write",
    openapi: {
      method: "DELETE",
      path: "/scheduling_links/{id}",
      tags: ["Scheduling"],
      summary: "Revoke a scheduling link",
      description: "The link stops working at once (the candidate's page answers 410). An interview already booked through it stays: cancel it with DELETE /interviews/{id}. Revoking again changes nothing.",
      protect: true,
      errorResponses: { 400: "Invalid id", ...auth, 404: "Scheduling link not found" },
    },
  })
  .input(schedulingLinkIdInput)
  .output(dataEnvelope(schedulingLinkSchema))
  .mutation(async ({ ctx, input }) => ({ data: await revokeSchedulingLink(ctx.svc, input.id) }));
