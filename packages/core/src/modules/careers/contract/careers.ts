import { z } from "zod";
import { INT32_MAX } from "../../../kernel/contract/common.ts";
import { jobSchema } from "../../job/contract/job.ts";
import { screeningNoticeSchema } from "../../screening/contract/screening-notice.ts";

/** Public careers pages (no sign-in). Only active, public jobs are ever returned. */
export const careersJobSchema = jobSchema.pick({
  id: true,
  title: true,
  description: true,
  locations: true,
  location_type: true,
  location_details: true,
  remote_countries: true,
  employment_type: true,
  closes_at: true,
  salary: true,
  apply_url: true,
  screening_questions: true,
  created_at: true,
  updated_at: true,
}).extend({ department: z.string() });

export const careersCompanySchema = z.object({
  name: z.string(),
  slug: z.string(),
  /** The careers page: the company's public home on Hireflow. */
  url: z.string(),
  /** When set, applicants must agree to it (a required checkbox on the form). */
  privacy_policy_url: z.string().nullable(),
  /** The company's own website and logo (Settings → Careers site), when set. */
  website_url: z.string().nullable(),
  logo_url: z.string().nullable(),
});

export const careersPageSchema = z.object({ company: careersCompanySchema, jobs: z.array(careersJobSchema) });
export const careersJobPageSchema = z.object({
  company: careersCompanySchema,
  job: careersJobSchema,
  /** Shown while the job's AI screening is on (mode not off); null otherwise. */
  screening_notice: screeningNoticeSchema.nullable(),
  /** Whether an applicant gets the company's application-received e-mail (Settings → E-mail): the thank-you says it is on its way. */
  confirmation_email: z.boolean(),
});

const slug = z.string().min(1).max(100).regex(/^[a-z0-9-]+$/, "Not a company page");
export const getCareersPageInput = z.strictObject({ slug });
export const getCareersJobInput = z.strictObject({ slug, job_id: z.number().int().positive().max(INT32_MAX) });

export type CareersJobDto = z.infer<typeof careersJobSchema>;
export type CareersPageDto = z.infer<typeof careersPageSchema>;
export type CareersJobPageDto = z.infer<typeof careersJobPageSchema>;
