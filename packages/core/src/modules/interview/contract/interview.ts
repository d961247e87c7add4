import { z } from "zod";
import { isValidTimeZone, normalizeTimeZone, TIME_ZONE_MESSAGE } from "../../../kernel/contract/time-zone.ts";
import { cursorParam, httpUrl, idParam, limitParam, singleLine, storableText, timestamp } from "../../../kernel/contract/common.ts";

/**
 * Scheduled interviews (issue 26 §2): a candidate, a panel of the company's members, a time in an IANA
 * time zone. Every change e-mails the panel (and the candidate when asked) an iCalendar invitation.
 */
export const MAX_INTERVIEWERS = 20;
/** An interview is at most a working day long; longer is a typo of the end date. */
export const MAX_INTERVIEW_MINUTES = 12 * 60;

/** Stored as the tz database writes it ("europe/berlin" → "Europe/Berlin"): the invitation's TZID is what calendars match. */
export const timeZoneSchema = z
  .string()
  .max(64)
  .refine(isValidTimeZone, TIME_ZONE_MESSAGE)
  .transform(normalizeTimeZone)
  .meta({ description: "IANA time zone the invitation is written in (its DTSTART;TZID)", example: "Europe/Berlin" });

// The wire form of an instant: ISO 8601 with an offset or Z; stored as UTC. Years are bounded so a
// typo cannot reach PostgreSQL's or the calendar's limits.
const instant = z.iso
  .datetime({ offset: true, error: "Must be an ISO 8601 date-time with Z or an offset, e.g. 2026-10-25T09:30:00Z" })
  .refine((value) => {
    const year = new Date(value).getUTCFullYear();
    return year >= 2000 && year <= 2100;
  }, "Must be between the years 2000 and 2100")
  .meta({ example: "2026-10-25T09:30:00Z" });

const title = storableText(singleLine(z.string().trim().min(1, "Must be 1 to 200 characters").max(200, "Must be 1 to 200 characters")));
const location = storableText(singleLine(z.string().trim().min(1, "Must be 1 to 500 characters").max(500, "Must be 1 to 500 characters")));
const videoUrl = singleLine(httpUrl);
const interviewerIds = z
  .array(z.uuid("Must be a member's id (a UUID, from GET /users)").transform((id) => id.toLowerCase()))
  .min(1, "Name at least one interviewer")
  .max(MAX_INTERVIEWERS, `At most ${MAX_INTERVIEWERS} interviewers`)
  .transform((ids) => [...new Set(ids)])
  .meta({ description: "Members of the company (GET /users) on the panel; each gets an invitation" });
// A JSON body boolean: the pipe keeps trpc-to-openapi's Boolean() coercion away ("false" would become true).
const bodyBoolean = z.boolean().pipe(z.boolean());

export const INTERVIEW_STATUSES = ["scheduled", "canceled"] as const;

const interviewerSchema = z.object({ id: z.string().meta({ description: "Member id (UUID)" }), name: z.string().nullable(), email: z.string() }).meta({ id: "Interviewer" });

export const interviewSchema = z
  .object({
    id: z.number().int(),
    candidate_id: z.number().int(),
    interview_id: z.number().int().nullable().meta({ description: "The kit of the job's interview plan it was scheduled from; null for a free title (or a kit since removed)" }),
    title: z.string(),
    start_at: timestamp,
    end_at: timestamp,
    time_zone: z.string().meta({ description: "IANA time zone of the invitation", example: "Europe/Berlin" }),
    location: z.string().nullable(),
    video_url: z.string().nullable(),
    interviewers: z.array(interviewerSchema),
    notify_candidate: z.boolean().meta({ description: "Whether the candidate gets the invitations too" }),
    status: z.enum(INTERVIEW_STATUSES).meta({ description: "canceled: DELETE /interviews/{id}; the interview is kept" }),
    scheduled_by: z.enum(["member", "candidate"]).meta({ description: "Who chose the time: `member` (or an API client), or `candidate` through a scheduling link (POST /scheduling_links)" }),
    sequence: z.number().int().meta({ description: "The invitations' iCalendar SEQUENCE: raised on each change" }),
    canceled_at: timestamp.nullable(),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: "Interview" });

export const interviewConflictSchema = z
  .object({
    interviewer_id: z.string(),
    interview_id: z.number().int(),
    start_at: timestamp,
    end_at: timestamp,
  })
  .meta({ id: "InterviewConflict", description: "Another scheduled interview of one of the interviewers that overlaps this one" });

export const interviewDetailSchema = interviewSchema
  .extend({
    conflicts: z.array(interviewConflictSchema).meta({
      description: "Overlapping scheduled interviews of the same interviewers (allowed, but worth a look); empty for a canceled interview",
    }),
  })
  .meta({ id: "InterviewDetail" });

export type InterviewDto = z.infer<typeof interviewSchema>;
export type InterviewDetailDto = z.infer<typeof interviewDetailSchema>;
export type InterviewConflictDto = z.infer<typeof interviewConflictSchema>;

function endAfterStart(value: { start_at?: string; end_at?: string }, ctx: z.RefinementCtx) {
  if (value.start_at === undefined || value.end_at === undefined) return;
  const minutes = (Date.parse(value.end_at) - Date.parse(value.start_at)) / 60_000;
  if (minutes <= 0) ctx.addIssue({ code: "custom", path: ["end_at"], message: "Must be after start_at" });
  else if (minutes > MAX_INTERVIEW_MINUTES) ctx.addIssue({ code: "custom", path: ["end_at"], message: `Must be at most ${MAX_INTERVIEW_MINUTES / 60} hours after start_at` });
}

export const createInterviewInput = z
  .strictObject({
    candidate_id: z.number().int().min(1).max(2_147_483_647).pipe(z.number()),
    interview_id: z
      .number()
      .int()
      .min(1)
      .max(2_147_483_647)
      .pipe(z.number())
      .optional()
      .meta({ description: "A kit of the interview plan of the candidate's job (`stages[].interviews[].id` of GET /jobs/{id}): its name is the default title, its duration the default length, and its instructions, focus attributes and questions go to the panel" }),
    title: title.optional().meta({ description: "Required without interview_id" }),
    start_at: instant,
    end_at: instant.meta({ example: "2026-10-25T10:30:00Z", description: "Required without interview_id (then start_at + the kit's duration)" }).optional(),
    time_zone: timeZoneSchema,
    location: location.nullish(),
    video_url: videoUrl.nullish(),
    interviewer_ids: interviewerIds,
    notify_candidate: bodyBoolean.optional(),
  })
  .superRefine((value, ctx) => {
    if (value.interview_id === undefined && value.title === undefined) ctx.addIssue({ code: "custom", path: ["title"], message: "Give a title, or an interview_id of the job's interview plan" });
    if (value.interview_id === undefined && value.end_at === undefined) ctx.addIssue({ code: "custom", path: ["end_at"], message: "Give end_at, or an interview_id of the job's interview plan (its duration)" });
    endAfterStart(value, ctx);
  });
export type CreateInterviewInput = z.infer<typeof createInterviewInput>;

export const updateInterviewInput = z
  .strictObject({
    id: idParam,
    title: title.optional(),
    start_at: instant.optional(),
    end_at: instant.meta({ example: "2026-10-25T10:30:00Z" }).optional(),
    time_zone: timeZoneSchema.optional(),
    location: location.nullish(),
    video_url: videoUrl.nullish(),
    interviewer_ids: interviewerIds.optional(),
    notify_candidate: bodyBoolean.optional(),
  })
  .superRefine(endAfterStart);
export type UpdateInterviewInput = z.infer<typeof updateInterviewInput>;

export const interviewIdInput = z.strictObject({ id: idParam });

export const listInterviewsInput = z.strictObject({
  candidate_id: idParam.meta({ description: "Only this candidate's interviews" }).optional(),
  interviewer_id: z.uuid("Must be a member's id (a UUID)").transform((id) => id.toLowerCase()).meta({ description: "Only interviews with this member on the panel" }).optional(),
  from: instant.meta({ description: "Only interviews that end after this time" }).optional(),
  to: instant.meta({ description: "Only interviews that start before this time" }).optional(),
  limit: limitParam,
  cursor: cursorParam,
});
export type ListInterviewsInput = z.infer<typeof listInterviewsInput>;
