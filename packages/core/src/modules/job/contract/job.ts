import { z } from "zod";
import { cursorParam, httpUrl, idParam, INT32_MAX, limitParam, queryBoolean, storableText, timestamp } from "../../../kernel/contract/common.ts";
import { screeningSettingsInput, screeningSettingsSchema } from "../../screening/contract/screening.ts";
import { jobStageWithPlanSchema, jobStagesInput, stageMovesInput } from "../../pipeline/contract/job-stages.ts";
import { COUNTRY_CODES } from "../../../kernel/contract/countries.ts";
import { LOCATION_TYPES, screeningQuestionSchema } from "../../screening/contract/questions.ts";

/** A job's hiring team leads: a handful of members, not the whole company. */
export const MAX_HIRING_TEAM_LEADS = 20;

export const EMPLOYMENT_TYPES = ["full_time", "part_time", "contract", "temporary", "internship"] as const;

export const locationDetailSchema = z
  .object({
    city: z.string().nullable(),
    region: z.string().nullable().meta({ description: "State, province or county" }),
    country: z.string().meta({ description: "ISO 3166-1 alpha-2 code", example: "DE" }),
    postal_code: z.string().nullable(),
  })
  .meta({ id: "LocationDetail" });

export type LocationDetail = z.infer<typeof locationDetailSchema>;

export const jobSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    description: z.string().nullable(),
    department_id: z.number().int(),
    is_active: z.boolean(),
    is_public: z.boolean(),
    locations: z.array(z.string()),
    location_type: z.enum(LOCATION_TYPES),
    location_details: z.array(locationDetailSchema).meta({ description: "The address of each entry of `locations`, in the same order; [] when not given" }),
    remote_countries: z.array(z.string()).meta({ description: "ISO 3166-1 alpha-2 codes a remote job takes applicants from; [] when not given or not remote" }),
    employment_type: z.enum(EMPLOYMENT_TYPES).nullable(),
    closes_at: timestamp.nullable().meta({ description: "When applications close; the job then leaves the careers site, feeds and public API" }),
    salary: z.object({
      min: z.number().nullable(),
      max: z.number().nullable(),
      currency: z.string().nullable().meta({ description: "ISO 4217 currency code" }),
    }),
    apply_url: httpUrl.meta({ description: "Public application page of the job" }),
    screening_questions: z.array(screeningQuestionSchema),
    screening: screeningSettingsSchema,
    screening_notice_at: timestamp
      .nullable()
      .meta({ description: "Read-only: when the AI screening notice first went up on the job's careers page (set when the job is first public and open with screening on); null: never" }),
    stages: z.array(jobStageWithPlanSchema).meta({ description: "The job's pipeline, in order: a candidate's `stage` is one of these keys" }),
    hiring_team_lead_ids: z.array(z.string()).meta({
      description: "The job's hiring team leads: member ids (GET /users). Like owners and admins they see every scorecard of the job's candidates before submitting their own (no anchoring)",
    }),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: "Job" });

export type JobDto = z.infer<typeof jobSchema>;

export const getJobInput = z.strictObject({ id: idParam });

export const listJobsInput = z.strictObject({
  is_active: queryBoolean.optional(),
  is_public: queryBoolean.optional(),
  limit: limitParam,
  cursor: cursorParam,
});

// storableText everywhere: PostgreSQL refuses NUL, and createJob only finds out after it has
// created the department (a rejected request must write nothing). The body mirrors the Job object:
// what GET returns can be edited and sent back.
const salaryAmount = z.number().int().min(0).max(100_000_000);

const salaryInput = z
  .strictObject({
    min: salaryAmount.nullish(),
    max: salaryAmount.nullish(),
    currency: z.string().regex(/^[A-Z]{3}$/, "Must be an ISO 4217 code such as EUR").nullish(),
  })
  .refine((salary) => salary.min == null || salary.max == null || salary.min <= salary.max, { message: "Must not be below salary.min", path: ["max"] });

const countryCode = z
  .string()
  .refine((code) => COUNTRY_CODES.has(code), "Must be an ISO 3166-1 alpha-2 code such as DE")
  .meta({ description: "ISO 3166-1 alpha-2 code", example: "DE" });

const addressPart = (max: number) => storableText(z.string().trim().min(1).max(max)).nullish();
const locationDetailInput = z.strictObject({ city: addressPart(200), region: addressPart(200), country: countryCode, postal_code: addressPart(20) });

const jobFields = {
  title: storableText(z.string().trim().min(1, "Must be 1 to 200 characters").max(200, "Must be 1 to 200 characters")),
  /** Department by name; created on first use. Defaults to "General". */
  department: storableText(z.string().trim().min(1).max(100)).optional().meta({ description: "Department by name; created on first use (default \"General\")" }),
  department_id: z.number().int().positive().max(INT32_MAX).optional().meta({ description: "An existing department of the company (instead of department)" }),
  description: storableText(z.string().max(20_000)).nullish(),
  is_active: z.boolean().optional(),
  is_public: z.boolean().optional(),
  locations: z.array(storableText(z.string().trim().min(1).max(200))).max(50).optional(),
  location_type: z.enum(LOCATION_TYPES).optional(),
  location_details: z.array(locationDetailInput).max(50).optional().meta({ description: "One address per entry of `locations`, in the same order (or [])" }),
  remote_countries: z.array(countryCode).max(COUNTRY_CODES.size).optional().meta({ description: "Only for a remote job: ISO 3166-1 alpha-2 codes it takes applicants from" }),
  employment_type: z.enum(EMPLOYMENT_TYPES).nullish(),
  closes_at: z.iso.datetime({ offset: true }).nullish().meta({ description: "ISO 8601 date-time; null: open until closed by hand", example: "2026-12-31T23:59:59Z" }),
  salary: salaryInput.optional(),
  screening_questions: z.array(screeningQuestionSchema).max(50).optional(),
  screening: screeningSettingsInput.optional(),
  stages: jobStagesInput.optional(),
  hiring_team_lead_ids: z
    .array(z.uuid("Must be a member's id (a UUID, from GET /users)").transform((id) => id.toLowerCase()))
    .max(MAX_HIRING_TEAM_LEADS, `At most ${MAX_HIRING_TEAM_LEADS} leads`)
    .optional()
    .meta({ description: "The job's hiring team leads: members of the company (GET /users), any role but interviewer. A PATCH replaces the list ([] clears it)" }),
};

const oneDepartment = (job: { department?: string; department_id?: number }) => job.department === undefined || job.department_id === undefined;

const departmentRule = { message: "Give department or department_id, not both", path: ["department_id"] };

export const createJobInput = z.strictObject(jobFields).refine(oneDepartment, departmentRule).meta({ id: "CreateJob" });

/** A strict partial: only the fields sent change (PATCH /jobs/{id}; the id comes from the path). */
export const updateJobInput = z
  .strictObject({ id: idParam, ...jobFields, title: jobFields.title.optional(), stage_moves: stageMovesInput.optional() })
  .refine(oneDepartment, departmentRule);

export type CreateJobInput = z.infer<typeof createJobInput>;

export type UpdateJobInput = z.infer<typeof updateJobInput>;

export const departmentSchema = z.object({ id: z.number().int(), name: z.string() });
