import { z } from "zod";
import { timestamp } from "../../../kernel/contract/common.ts";

/**
 * The AI screening notice a careers job page and its application form show while the job's
 * screening mode is not `off` (issue 25 §3; NYC Local Law 144, EU AI Act, Illinois): in plain
 * words, that an automated tool assesses applications, what it looks at, what data it uses and how
 * long it is kept, and whom to ask for an alternative process or an accommodation.
 */
export const screeningNoticeSchema = z
  .object({
    /** The job's criteria in words ("Go (required)", "At least 5 years of experience"). */
    qualifications: z.array(z.string()),
    /** What the tool reads, in a sentence. */
    data_used: z.string(),
    /** How long the application (and the tool's assessment) is kept, from the company's retention rule. */
    retention: z.string(),
    /** The company's contact for an alternative process or an accommodation: an e-mail or an http(s) URL; null when not set. */
    contact: z.string().nullable(),
    /** When the notice first went up (jobs.screening_notice_at). */
    posted_at: timestamp.nullable(),
  })
  .meta({ id: "ScreeningNotice" });

export type ScreeningNoticeDto = z.infer<typeof screeningNoticeSchema>;

/** Settings → AI screening (web app, owners and admins): company-wide rules for the AI agent. */
export const MAX_HOLD_BACK_DAYS = 60;

/** An e-mail address or an http(s) URL: where an applicant asks for an alternative process. */
const contact = z
  .string()
  .trim()
  .max(300, "Must be at most 300 characters")
  .refine((value) => isContact(value), "Must be an e-mail address or an http(s) URL")
  .meta({ example: "accommodations@example.com" });

export function isContact(value: string): boolean {
  if (/^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+$/.test(value)) return true;
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:";
  } catch {
    return false;
  }
}

export const companyScreeningSettingsSchema = z.object({
  ai_agent_paused: z.boolean().meta({ description: "Every AI agent move is stopped; scoring goes on" }),
  hold_back_business_days: z.number().int().min(0).max(MAX_HOLD_BACK_DAYS).meta({ description: "The agent moves nobody until this many business days (Mon–Fri) after a job's notice went up; 0: off" }),
  notice_contact: z.string().nullable().meta({ description: "Where applicants ask for an alternative process or an accommodation (e-mail or URL)" }),
});

export type CompanyScreeningSettingsDto = z.infer<typeof companyScreeningSettingsSchema>;

export const updateCompanyScreeningSettingsInput = z.strictObject({
  ai_agent_paused: z.boolean().optional(),
  hold_back_business_days: z.number().int().min(0, `Must be 0 to ${MAX_HOLD_BACK_DAYS}`).max(MAX_HOLD_BACK_DAYS, `Must be 0 to ${MAX_HOLD_BACK_DAYS}`).optional(),
  notice_contact: contact.nullable().optional(),
});

export type UpdateCompanyScreeningSettingsInput = z.infer<typeof updateCompanyScreeningSettingsInput>;
