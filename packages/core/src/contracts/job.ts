import { z } from "zod";
import { cursorParam, httpUrl, idParam, INT32_MAX, limitParam, queryBoolean, storableText, timestamp } from "./common.ts";

export const LOCATION_TYPES = ["onsite", "remote", "hybrid"] as const;

export const screeningQuestionSchema = z
  .object({
    id: storableText(z.string().min(1).max(64)),
    label: storableText(z.string().min(1).max(500)),
    type: z.enum(["text", "textarea", "yes_no", "select"]),
    required: z.boolean(),
    options: z.array(storableText(z.string().min(1).max(200))).max(50).optional(),
  })
  .meta({ id: "ScreeningQuestion" });

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
    salary: z.object({
      min: z.number().nullable(),
      max: z.number().nullable(),
      currency: z.string().nullable().meta({ description: "ISO 4217 currency code" }),
    }),
    apply_url: httpUrl.meta({ description: "Public application page of the job" }),
    screening_questions: z.array(screeningQuestionSchema),
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
// created the department (a rejected request must write nothing).
const jobFields = {
  title: storableText(z.string().trim().min(1, "Must be 1 to 200 characters").max(200, "Must be 1 to 200 characters")),
  /** Department by name; created on first use. Defaults to "General". */
  department: storableText(z.string().trim().min(1).max(100)).optional(),
  description: storableText(z.string().max(20_000)).nullish(),
  is_active: z.boolean().optional(),
  is_public: z.boolean().optional(),
  locations: z.array(storableText(z.string().trim().min(1).max(200))).max(50).optional(),
  location_type: z.enum(LOCATION_TYPES).optional(),
  salary_min: z.number().int().min(0).max(100_000_000).nullish(),
  salary_max: z.number().int().min(0).max(100_000_000).nullish(),
  salary_currency: z.string().regex(/^[A-Z]{3}$/, "Must be an ISO 4217 code such as EUR").nullish(),
  screening_questions: z.array(screeningQuestionSchema).max(50).optional(),
};

const salaryRange = (job: { salary_min?: number | null; salary_max?: number | null }) =>
  job.salary_min == null || job.salary_max == null || job.salary_min <= job.salary_max;

export const createJobInput = z
  .strictObject(jobFields)
  .refine(salaryRange, { message: "Must not be below salary_min", path: ["salary_max"] });
export const updateJobInput = z
  .strictObject({ id: z.number().int().positive().max(INT32_MAX), ...jobFields, title: jobFields.title.optional() })
  .refine(salaryRange, { message: "Must not be below salary_min", path: ["salary_max"] });

export type CreateJobInput = z.infer<typeof createJobInput>;
export type UpdateJobInput = z.infer<typeof updateJobInput>;
