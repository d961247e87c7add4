import { z } from "zod";
import { bodyInt, cursorParam, idParam, INT32_MAX, limitParam, singleLine, storableText, timestamp } from "../../../kernel/contract/common.ts";

/**
 * Offers (issue 41): an offer per candidate, with versions of its material terms, an approval chain of
 * ordered steps (each needing `required` of its approvers), a letter the candidate signs through a
 * personal link, and the hire handed on as `candidate.hired`.
 */
export const OFFER_STATUSES = ["draft", "pending_approval", "approved", "sent", "accepted", "declined", "withdrawn", "expired"] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];
/** No further change: a candidate may get a new offer once theirs is one of these. */
export const FINAL_OFFER_STATUSES = ["declined", "withdrawn", "expired"] as const satisfies readonly OfferStatus[];
export const SALARY_PERIODS = ["year", "month", "hour"] as const;
export const OFFER_DECISIONS = ["approve", "reject"] as const;
/** The fields whose change makes a new version (and restarts approval). */
export const MATERIAL_FIELDS = ["start_date", "job_title", "salary", "bonus", "equity", "expires_at"] as const;
export type MaterialField = (typeof MATERIAL_FIELDS)[number];

export const MAX_APPROVAL_STEPS = 10;
export const MAX_APPROVERS_PER_STEP = 20;
/** A salary above a billion in major units is a typo (or minor units): refused rather than stored. */
export const MAX_AMOUNT = 1_000_000_000;

// ISO 4217 as the runtime's ICU knows it (about 300 codes, obsolete ones included); the letter names the code.
const CURRENCIES = new Set(typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("currency") : []);
const currency = z
  .string()
  .regex(/^[A-Z]{3}$/, "Must be an ISO 4217 currency code in capitals, e.g. EUR or USD")
  .refine((code) => CURRENCIES.size === 0 || CURRENCIES.has(code), "Unknown currency: must be an ISO 4217 code such as EUR, USD or GBP")
  .meta({ description: "ISO 4217 currency code", example: "EUR" });
const amount = bodyInt(0, MAX_AMOUNT).meta({ description: "Whole major units (85000 is 85,000.00)", example: 85000 });

export const salarySchema = z
  .strictObject({
    amount,
    currency,
    period: z.enum(SALARY_PERIODS, { error: `Must be one of ${SALARY_PERIODS.join(", ")}` }),
  })
  .meta({ id: "OfferSalary" });
export const bonusSchema = z.strictObject({ amount, currency }).meta({ id: "OfferBonus", description: "A one-off or target bonus" });
export type Salary = z.infer<typeof salarySchema>;
export type Bonus = z.infer<typeof bonusSchema>;

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * YYYY-MM-DD naming a day that exists (2027-02-29 does not), years 2000–2100. Arithmetic, not a Date
 * round trip: every offer GET validates its start date and each version's (a Date was most of it).
 */
function isCalendarDate(value: string): boolean {
  if (value.length !== 10 || value[4] !== "-" || value[7] !== "-") return false;
  const year = Number(value.slice(0, 4));
  const month = Number(value.slice(5, 7));
  const day = Number(value.slice(8, 10));
  if (!Number.isInteger(year) || !Number.isInteger(month) || !Number.isInteger(day) || year < 2000 || year > 2100 || month < 1 || month > 12) return false;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return day >= 1 && day <= (month === 2 && leap ? 29 : DAYS_IN_MONTH[month - 1]!);
}

/** A calendar date (YYYY-MM-DD) that exists, years 2000–2100. */
export const calendarDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Must be a date written YYYY-MM-DD")
  .refine(isCalendarDate, "Must be a real calendar date between the years 2000 and 2100")
  .meta({ example: "2027-03-01" });

const futureInstant = z.iso
  .datetime({ offset: true, error: "Must be an ISO 8601 date-time with Z or an offset, e.g. 2027-02-15T17:00:00Z" })
  .refine((value) => new Date(value).getUTCFullYear() <= 2100, "Must be before the year 2100")
  .meta({ example: "2027-02-15T17:00:00Z" });

const jobTitle = storableText(singleLine(z.string().trim().min(1, "Must be 1 to 200 characters").max(200, "Must be 1 to 200 characters")));
const equity = storableText(z.string().trim().max(1_000, "Must be at most 1000 characters"));
const notes = storableText(z.string().max(10_000, "Must be at most 10000 characters"));
const memberId = z.uuid("Must be a member's id (a UUID, from GET /users)").transform((id) => id.toLowerCase());

export const approvalStepSchema = z
  .strictObject({
    approver_ids: z
      .array(memberId)
      .min(1, "Name at least one approver")
      .max(MAX_APPROVERS_PER_STEP, `At most ${MAX_APPROVERS_PER_STEP} approvers per step`)
      .transform((ids) => [...new Set(ids)])
      .meta({ description: "Members (GET /users; not interviewers) who may decide at this step" }),
    required: bodyInt(1, MAX_APPROVERS_PER_STEP).meta({ description: "How many of them must approve for the step to be done" }),
  })
  .refine((step) => step.required <= step.approver_ids.length, { message: "required cannot exceed the number of approvers", path: ["required"] })
  .meta({ id: "OfferApprovalStep" });
export type ApprovalStep = z.infer<typeof approvalStepSchema>;

export const approvalStepsSchema = z
  .array(approvalStepSchema)
  .max(MAX_APPROVAL_STEPS, `At most ${MAX_APPROVAL_STEPS} steps`)
  .meta({ description: "The approval chain, in order: each step is done when `required` of its approvers approved; [] approves at once" });

const materialSnapshot = {
  start_date: calendarDate.meta({ description: "First working day (YYYY-MM-DD)" }),
  job_title: z.string(),
  salary: salarySchema,
  bonus: bonusSchema.nullable(),
  equity: z.string().nullable(),
  expires_at: timestamp.nullable().meta({ description: "The candidate can answer until then; null: no deadline" }),
};

export const offerVersionSchema = z
  .object({
    number: z.number().int(),
    ...materialSnapshot,
    status: z.enum(["current", "superseded"]),
    created_at: timestamp,
  })
  .meta({ id: "OfferVersion" });

export const offerApprovalSchema = z
  .object({
    id: z.number().int(),
    approver: z.object({ id: z.string(), name: z.string().nullable(), email: z.string() }).meta({ id: "OfferApprover" }),
    decision: z.enum(OFFER_DECISIONS),
    comment: z.string(),
    step: z.number().int().meta({ description: "Index of the step in approval_steps (0 first)" }),
    version: z.number().int(),
    current: z.boolean().meta({ description: "Part of the approval round under way (or the one that approved the offer); false for history" }),
    created_at: timestamp,
  })
  .meta({ id: "OfferApproval" });

export const signatureSchema = z
  .object({
    name: z.string().meta({ description: "The full name the candidate typed as their signature" }),
    signed_at: timestamp,
    document_sha256: z.string().meta({ description: "SHA-256 (hex) of the exact letter PDF the candidate saw and accepted" }),
  })
  .meta({ id: "OfferSignature" });

/** The fields the candidate's page and the public API show as well (no notes, no approvals). */
export const publicOfferFields = {
  id: z.number().int(),
  candidate_id: z.number().int(),
  job_id: z.number().int(),
  status: z.enum(OFFER_STATUSES),
  version: z.number().int(),
  ...materialSnapshot,
  sent_at: timestamp.nullable(),
  accepted_at: timestamp.nullable(),
  declined_at: timestamp.nullable(),
  decline_reason: z.string().nullable(),
  signature: signatureSchema.nullable().meta({ description: "After acceptance: the candidate's electronic signature" }),
  letter_url: z.string().nullable().meta({ description: "Signed download of the current version's letter PDF (valid 24 hours); null until it is sent" }),
};

export const offerSchema = z
  .object({
    ...publicOfferFields,
    notes: z.string().meta({ description: "Internal: never in the letter, the candidate's page, the public API or a webhook" }),
    approval_steps: z.array(approvalStepSchema),
    current_step: z.number().int().nullable().meta({ description: "While pending_approval: the index of the step whose approvers decide now" }),
    signed_copy_url: z.string().nullable().meta({ description: "After acceptance: signed download of the letter with its signature page (valid 24 hours)" }),
    withdrawn_at: timestamp.nullable(),
    expired_at: timestamp.nullable(),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: "Offer" });
export type OfferDto = z.infer<typeof offerSchema>;

export const offerDetailSchema = offerSchema
  .extend({
    versions: z.array(offerVersionSchema).meta({ description: "Every version, newest first" }),
    approvals: z.array(offerApprovalSchema).meta({ description: "Every decision, oldest first" }),
  })
  .meta({ id: "OfferDetail" });
export type OfferDetailDto = z.infer<typeof offerDetailSchema>;

export const createOfferInput = z.strictObject({
  candidate_id: bodyInt(1, INT32_MAX).meta({ description: "The candidate (their job is the offer's job)" }),
  start_date: calendarDate,
  job_title: jobTitle.optional().meta({ description: "Defaults to the job's title" }),
  salary: salarySchema,
  bonus: bonusSchema.nullable().optional(),
  equity: equity.nullable().optional(),
  expires_at: futureInstant.nullable().optional(),
  notes: notes.optional(),
  approval_steps: approvalStepsSchema.optional().meta({ description: "Overrides the company's default chain (Settings → Offers)" }),
});
export type CreateOfferInput = z.infer<typeof createOfferInput>;

export const updateOfferInput = z.strictObject({
  id: idParam,
  start_date: calendarDate.optional(),
  job_title: jobTitle.optional(),
  salary: salarySchema.optional(),
  bonus: bonusSchema.nullable().optional(),
  equity: equity.nullable().optional(),
  expires_at: futureInstant.nullable().optional(),
  notes: notes.optional(),
  approval_steps: approvalStepsSchema.optional(),
});
export type UpdateOfferInput = z.infer<typeof updateOfferInput>;

export const listOffersInput = z.strictObject({
  candidate_id: idParam.optional().meta({ description: "Only this candidate's offers" }),
  job_id: idParam.optional().meta({ description: "Only offers for this job" }),
  status: z.enum(OFFER_STATUSES).optional(),
  limit: limitParam,
  cursor: cursorParam,
});
export type ListOffersInput = z.infer<typeof listOffersInput>;

export const offerIdInput = z.strictObject({ id: idParam });

export const decideOfferInput = z.strictObject({
  id: idParam,
  decision: z.enum(OFFER_DECISIONS, { error: `Must be one of ${OFFER_DECISIONS.join(", ")}` }),
  comment: storableText(z.string().max(2_000, "Must be at most 2000 characters")).optional(),
  on_behalf_of: memberId
    .optional()
    .meta({ description: "With an API key (required then): the member deciding, an approver of the current step. A signed-in member decides as themself." }),
});
export type DecideOfferInput = z.infer<typeof decideOfferInput>;
