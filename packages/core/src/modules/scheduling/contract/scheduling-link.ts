import { z } from "zod";
import { bodyBoolean, bodyInt, cursorParam, httpUrl, idParam, INT32_MAX, limitParam, singleLine, storableText, timestamp } from "../../../kernel/contract/common.ts";

/**
 * Scheduling links (issue 42 §2): a candidate books one interview with one member of a pool, in the
 * free time the pool's availability leaves. The link's token is the candidate's credential.
 */
export const SCHEDULING_LINK_STATUSES = ["open", "booked", "canceled", "revoked", "expired"] as const;
export const SLOT_INTERVALS = [15, 30] as const;
export const MAX_POOL = 20;
export const MAX_WINDOW_DAYS = 60;
export const DEFAULT_WINDOW_DAYS = 14;
export const MAX_RESCHEDULES = 3;

const instant = z.iso
  .datetime({ offset: true, error: "Must be an ISO 8601 date-time with Z or an offset, e.g. 2027-01-12T09:00:00Z" })
  .refine((value) => {
    const year = new Date(value).getUTCFullYear();
    return year >= 2000 && year <= 2100;
  }, "Must be between the years 2000 and 2100")
  .meta({ example: "2027-01-12T09:00:00Z" });

const title = storableText(singleLine(z.string().trim().min(1, "Must be 1 to 200 characters").max(200, "Must be 1 to 200 characters")));
const location = storableText(singleLine(z.string().trim().min(1, "Must be 1 to 500 characters").max(500, "Must be 1 to 500 characters")));

export const schedulingLinkSchema = z
  .object({
    id: z.number().int(),
    candidate_id: z.number().int(),
    url: z.string().meta({ description: "The candidate's page: /schedule/{token}" }),
    status: z.enum(SCHEDULING_LINK_STATUSES).meta({ description: "open → booked (→ canceled by the candidate); revoked by DELETE; expired past expires_at" }),
    title: z.string(),
    duration_minutes: z.number().int(),
    slot_interval_minutes: z.number().int().meta({ description: "Slots start every this many minutes from the start of each working range" }),
    interviewer_ids: z.array(z.string()).meta({ description: "The pool: one of them takes the interview" }),
    from: timestamp,
    to: timestamp,
    min_notice_hours: z.number().int(),
    location: z.string().nullable(),
    video_url: z.string().nullable(),
    expires_at: timestamp.nullable(),
    notify_candidate: z.boolean(),
    interview_id: z.number().int().nullable().meta({ description: "The interview booked through it (GET /interviews/{id})" }),
    reschedules_left: z.number().int(),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: "SchedulingLink" });
export type SchedulingLinkDto = z.infer<typeof schedulingLinkSchema>;

export const createSchedulingLinkInput = z
  .strictObject({
    candidate_id: bodyInt(1, INT32_MAX).meta({ description: "The candidate who books" }),
    title: title.meta({ description: "The interview's title, e.g. Technical interview" }),
    duration_minutes: bodyInt(15, 8 * 60).meta({ description: "15 to 480" }),
    interviewer_ids: z
      .array(z.uuid("Must be a member's id (a UUID, from GET /users)").transform((id) => id.toLowerCase()))
      .min(1, "Name at least one interviewer")
      .max(MAX_POOL, `At most ${MAX_POOL} interviewers`)
      .transform((ids) => [...new Set(ids)])
      .meta({ description: "The pool (GET /users): the least-loaded free member of it takes the interview" }),
    from: instant.optional().meta({ description: "Start of the window; default now", example: "2027-01-11T00:00:00Z" }),
    to: instant.optional().meta({ example: "2027-01-25T00:00:00Z", description: `End of the window; default ${DEFAULT_WINDOW_DAYS} days after from (at most ${MAX_WINDOW_DAYS} days)` }),
    min_notice_hours: bodyInt(0, 24 * 14).optional().meta({ description: "A slot starts at least this many hours ahead; default 24" }),
    slot_interval_minutes: bodyInt(15, 8 * 60).optional().meta({ description: "15, 30 or the duration; default 30" }),
    location: location.nullable().optional(),
    video_url: singleLine(httpUrl).nullable().optional(),
    expires_at: instant.nullable().optional().meta({ description: "After it the link is gone (410); default: the end of the window" }),
    notify_candidate: bodyBoolean.optional().meta({ description: "E-mail the link to the candidate (default true)" }),
  })
  .superRefine((input, ctx) => {
    const interval = input.slot_interval_minutes;
    if (interval !== undefined && interval !== 15 && interval !== 30 && interval !== input.duration_minutes) {
      ctx.addIssue({ code: "custom", path: ["slot_interval_minutes"], message: "Must be 15, 30 or the duration" });
    }
  });
export type CreateSchedulingLinkInput = z.infer<typeof createSchedulingLinkInput>;

export const schedulingLinkIdInput = z.strictObject({ id: idParam });

export const listSchedulingLinksInput = z.strictObject({
  candidate_id: idParam.optional().meta({ description: "Only this candidate's links" }),
  limit: limitParam,
  cursor: cursorParam,
});
export type ListSchedulingLinksInput = z.infer<typeof listSchedulingLinksInput>;
