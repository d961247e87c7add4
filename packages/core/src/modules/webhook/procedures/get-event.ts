import { dataEnvelope } from "../../../kernel/contract/common.ts";
import { eventSchema, getEventInput } from "../contract/event.ts";
import { getEvent } from "../events-api.ts";
import { companyProcedure } from "../../../kernel/trpc.ts";

export const getEventProcedure = companyProcedure
  .meta({
    scope: "events:read",
    openapi: {
      method: "GET",
      path: "/events/{id}",
      tags: ["Events"],
      summary: "Retrieve an event",
      description: "`payload` is exactly the body a webhook delivery of the event carries; `id` is its `webhook-id` header.",
      protect: true,
      errorResponses: { 400: "Invalid id", 401: "Missing or invalid API key", 404: "Event not found" },
    },
  })
  .input(getEventInput)
  .output(dataEnvelope(eventSchema))
  .query(async ({ ctx, input }) => ({ data: await getEvent(ctx.svc, input.id) }));
