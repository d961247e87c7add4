import { dataEnvelope } from "../../../kernel/contract/common.ts";
import { companyProcedure } from "../../../kernel/trpc.ts";
import { z } from "zod";
import { availabilitySchema, freeSlotSchema, freeSlotsInput, putAvailabilityInput, userIdInput } from "../contract/availability.ts";
import { panelFreeSlots } from "../pool.ts";
import { getAvailability, putAvailability } from "../availability.ts";

const errors = { 400: "Invalid id, time zone, times or overlapping ranges; a busy calendar that cannot be read", 401: "Missing or invalid API key", 403: "Not your availability (members edit their own; owners and admins anyone's)", 404: "User not found" };

export const getAvailabilityProcedure = companyProcedure
  .meta({
    scope: "interviews:read",
    interviewer: "own",
    openapi: {
      method: "GET",
      path: "/users/{id}/availability",
      tags: ["Users"],
      summary: "Get a member's availability",
      description:
        "The member's time zone, working hours per weekday, buffer between interviews, daily cap and busy calendar: what scheduling links offer as free time. `is_default` is true until they set it (Mon–Fri 09:00–17:00 in the company's zone). `busy_calendar.error` says why their calendar could not be read last time; a copy older than a day is not used (`stale`).",
      protect: true,
      errorResponses: errors,
    },
  })
  .input(userIdInput)
  .output(dataEnvelope(availabilitySchema))
  .query(async ({ ctx, input }) => ({ data: await getAvailability(ctx.svc, input.id) }));

export const putAvailabilityProcedure = companyProcedure
  .meta({
    scope: "interviews:write",
    interviewer: "own",
    openapi: {
      method: "PUT",
      path: "/users/{id}/availability",
      tags: ["Users"],
      summary: "Set a member's availability",
      description:
        "Replaces the member's availability. Ranges of one day must not overlap; times are HH:MM in `time_zone` (24:00 ends a day). A new `busy_calendar_url` (the secret iCalendar address Google Calendar and Outlook publish) is read at once: one that cannot be read is a 400. Its busy time is read again every few minutes when slots are asked for.",
      protect: true,
      errorResponses: errors,
    },
  })
  .input(putAvailabilityInput)
  .output(dataEnvelope(availabilitySchema))
  .mutation(async ({ ctx, input }) => ({ data: await putAvailability(ctx.svc, input) }));

/** Web app only (no meta.openapi): the panel's free times beside the coordinator's schedule form. */
export const freeSlotsProcedure = companyProcedure
  .input(freeSlotsInput)
  .output(z.object({ data: z.object({ slots: z.array(freeSlotSchema) }) }))
  .query(async ({ ctx, input }) => ({ data: { slots: await panelFreeSlots(ctx.svc, input) } }));
