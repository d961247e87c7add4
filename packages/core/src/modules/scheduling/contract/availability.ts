import { z } from "zod";
import { bodyInt, httpUrl, singleLine } from "../../../kernel/contract/common.ts";

/**
 * A member's availability for self-scheduling (issue 42 §1): working hours per weekday in their own
 * time zone, a buffer between interviews, a daily cap and a read-only busy calendar. The zone and the
 * ranges are checked again by the service (overlaps, a zone the runtime knows): the 400 names each.
 */
export const WEEKDAY_KEYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] as const;
export const MAX_BUFFER_MINUTES = 240;
export const MAX_INTERVIEWS_PER_DAY = 50;

const clock = z
  .string()
  .regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$|^24:00$/, "Must be a time written HH:MM, 00:00 to 24:00")
  .meta({ example: "09:00" });

export const workingRangeSchema = z
  .strictObject({
    day: z.enum(WEEKDAY_KEYS, { error: `Must be one of ${WEEKDAY_KEYS.join(", ")}` }),
    start: clock,
    end: clock.meta({ example: "17:00" }),
  })
  .meta({ id: "WorkingRange", description: "One working range of a weekday, in the member's time zone (end after start)" });

const calendarUrl = singleLine(httpUrl.or(z.string().regex(/^webcals?:\/\/\S+$/i, "Must be an https://, http:// or webcal:// address")))
  .meta({ description: "The secret iCalendar address of the member's calendar (Google Calendar: Settings → Secret address in iCal format; Outlook: Publish calendar → ICS)" });

export const availabilitySchema = z
  .object({
    user_id: z.string().meta({ description: "The member (UUID)" }),
    time_zone: z.string().meta({ example: "Europe/Berlin" }),
    working_hours: z.array(workingRangeSchema),
    buffer_minutes: z.number().int().meta({ description: "Kept free before and after each of their interviews" }),
    max_interviews_per_day: z.number().int().nullable().meta({ description: "Interviews on one day of their zone at most; null: no cap" }),
    busy_calendar_url: z.string().nullable().meta({ description: "Shown to the member and to owners and admins only; others see null and `busy_calendar.connected`" }),
    busy_calendar: z
      .object({
        connected: z.boolean(),
        fetched_at: z.string().nullable().meta({ description: "When the feed was last read successfully" }),
        error: z.string().nullable().meta({ description: "Why the last read failed (the last good copy is used for a day)" }),
        stale: z.boolean().meta({ description: "True when no good copy younger than a day exists: its busy time is not used" }),
      })
      .meta({ id: "BusyCalendarStatus" }),
    is_default: z.boolean().meta({ description: "True while the member has set nothing: Mon–Fri 09:00–17:00 in the company's zone" }),
  })
  .meta({ id: "Availability" });
export type AvailabilityDto = z.infer<typeof availabilitySchema>;

export const userIdInput = z.strictObject({ id: z.uuid("Must be a member's id (a UUID, from GET /users)").transform((id) => id.toLowerCase()) });

export const putAvailabilityInput = z.strictObject({
  id: z.uuid("Must be a member's id (a UUID, from GET /users)").transform((id) => id.toLowerCase()),
  time_zone: z.string().trim().min(1).max(64).meta({ description: "IANA time zone", example: "Europe/Berlin" }),
  working_hours: z.array(workingRangeSchema).max(50, "At most 50 working ranges"),
  buffer_minutes: bodyInt(0, MAX_BUFFER_MINUTES).optional().meta({ description: `0 to ${MAX_BUFFER_MINUTES}; default 0` }),
  max_interviews_per_day: bodyInt(1, MAX_INTERVIEWS_PER_DAY).nullable().optional().meta({ description: `1 to ${MAX_INTERVIEWS_PER_DAY}, or null for no cap (the default)` }),
  busy_calendar_url: calendarUrl.nullable().optional().meta({ description: "null removes it" }),
});
export type PutAvailabilityInput = z.infer<typeof putAvailabilityInput>;

/** The coordinator's schedule form (web app): the panel's free times by the same rules a scheduling link uses. */
export const freeSlotsInput = z.strictObject({
  interviewer_ids: z.array(z.uuid().transform((id) => id.toLowerCase())).min(1).max(20),
  from: z.iso.datetime({ offset: true }),
  to: z.iso.datetime({ offset: true }),
  duration_minutes: bodyInt(15, 8 * 60),
});
export type FreeSlotsInput = z.infer<typeof freeSlotsInput>;

export const freeSlotSchema = z.object({ start_at: z.string(), end_at: z.string(), interviewer_ids: z.array(z.string()) });
export type FreeSlotDto = z.infer<typeof freeSlotSchema>;
