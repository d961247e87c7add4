import { z } from "zod";
import { timestamp } from "../../../kernel/contract/common.ts";

/**
 * The candidate's side of a scheduling link (/schedule/{token}, /api/public/scheduling/{token}/…):
 * the free slots as UTC instants (the zone only labels them), booking one, and rescheduling or
 * canceling the booked interview from the confirmation.
 */
export const schedulingTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/, "Not a scheduling link");

export const publicSlotSchema = z.object({ start_at: timestamp, end_at: timestamp }).meta({ id: "SchedulingSlot" });

export const publicSlotsSchema = z
  .object({
    time_zone: z.string().meta({ description: "The zone the slots are to be shown in (as asked, or the link's default)" }),
    duration_minutes: z.number().int(),
    slots: z.array(publicSlotSchema),
  })
  .meta({ id: "SchedulingSlots" });
export type PublicSlotsDto = z.infer<typeof publicSlotsSchema>;

export const publicSchedulingLinkSchema = z
  .object({
    status: z.enum(["open", "booked", "canceled"]),
    title: z.string(),
    duration_minutes: z.number().int(),
    company: z.object({ name: z.string() }),
    candidate: z.object({ name: z.string().nullable() }),
    location: z.string().nullable(),
    video_url: z.string().nullable(),
    booking: z
      .object({ start_at: timestamp, end_at: timestamp, time_zone: z.string(), interviewer: z.object({ name: z.string().nullable() }) })
      .nullable()
      .meta({ description: "The booked interview (null while open or after canceling)" }),
    reschedules_left: z.number().int(),
  })
  .meta({ id: "PublicSchedulingLink" });
export type PublicSchedulingLinkDto = z.infer<typeof publicSchedulingLinkSchema>;

const zone = z.string().trim().min(1).max(64);

export const slotsQuerySchema = z.strictObject({ time_zone: zone.optional() });

export const bookSlotInput = z.strictObject({
  start_at: z.iso.datetime({ offset: true, error: "Must be an ISO 8601 date-time with Z or an offset, as a slot's start_at" }),
  time_zone: zone.optional().meta({ description: "The zone the candidate saw the slot in (the confirmation is written in it)" }),
});
export type BookSlotInput = z.infer<typeof bookSlotInput>;
