import { listEnvelope } from "../../../kernel/contract/common.ts";
import { eventSchema, listEventsInput } from "../contract/event.ts";
import { listEvents } from "../events-api.ts";
import { companyProcedure } from "../../../kernel/trpc.ts";

export const listEventsProcedure = companyProcedure
  .meta({
    scope: "events:read",
    openapi: {
      method: "GET",
      path: "/events",
      tags: ["Events"],
      summary: "List events",
      description:
        "Every event a webhook endpoint can subscribe to, whether or not one is registered, newest first; kept 30 days. `payload` is exactly the body a webhook delivery of the event carries and `id` its `webhook-id` header. Pass `pagination.next_cursor` as `cursor` for the next page.",
      protect: true,
      errorResponses: { 400: "Invalid filter or cursor", 401: "Missing or invalid API key" },
    },
  })
  .input(listEventsInput)
  .output(listEnvelope(eventSchema))
  .query(({ ctx, input }) => listEvents(ctx.svc, input));
