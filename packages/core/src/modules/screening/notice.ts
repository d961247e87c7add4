import { type ScreeningQuestion } from "./contract/questions.ts";
import { type ScreeningCriterion } from "./contract/screening.ts";
import { type ScreeningNoticeDto } from "./contract/screening-notice.ts";
import { readScreening } from "./settings.ts";

/**
 * The AI screening notice (docs/SCREENING.md, "Notice and alternative process"): generated from the
 * job's criteria and the company's retention rule and contact, so it says what the tool really does.
 */

/** Is the notice on the careers page now: the job is active, public, not closed, and screening is on. */
export function noticeIsUp(job: { isActive: boolean; isPublic: boolean; closesAt: Date | null; screening: unknown }, now = new Date()): boolean {
  return job.isActive && job.isPublic && (job.closesAt === null || job.closesAt > now) && readScreening(job.screening).mode !== "off";
}

/** A criterion in words an applicant understands. */
export function qualificationWords(criterion: ScreeningCriterion, questions: readonly ScreeningQuestion[]): string {
  const required = criterion.required ? " (required)" : "";
  switch (criterion.type) {
    case "skill":
      return `Experience with ${criterion.value}${required}`;
    case "min_years":
      return `At least ${criterion.value} years of work experience${required}`;
    case "location":
      return `Where you are based, compared with the job's locations${required}`;
    case "answer": {
      const question = questions.find((q) => q.id === criterion.question_id);
      return `Your answer to "${question?.label ?? criterion.question_id}"${required}`;
    }
    default:
      return `${criterion.value}${required}`;
  }
}

export const NOTICE_DATA_USED =
  "The resume you upload (its text, after your name, contact details, photo links, addresses, school names and graduation years are removed), your answers to this form's questions and your location. Not your voluntary self-identification, and nothing from other sources.";

export function retentionWords(company: { retentionMonths: number | null; retentionScope: "rejected" | "not_hired" }): string {
  if (company.retentionMonths === null) {
    return "Your application and the tool's assessment are kept until you ask for them to be erased or the company erases them.";
  }
  const who = company.retentionScope === "rejected" ? "if your application is declined" : "unless you are hired";
  return `Your application and the tool's assessment are erased ${company.retentionMonths} months after the last activity on them ${who}, or sooner when you ask.`;
}

export function screeningNotice(
  job: { screening: unknown; screeningQuestions: unknown; screeningNoticeAt: Date | null },
  company: { retentionMonths: number | null; retentionScope: "rejected" | "not_hired"; screeningContact: string | null },
): ScreeningNoticeDto | null {
  const settings = readScreening(job.screening);
  if (settings.mode === "off") return null;
  const questions = (job.screeningQuestions as ScreeningQuestion[] | null) ?? [];
  return {
    qualifications: settings.criteria.map((criterion) => qualificationWords(criterion, questions)),
    data_used: NOTICE_DATA_USED,
    retention: retentionWords(company),
    contact: company.screeningContact,
    posted_at: job.screeningNoticeAt?.toISOString() ?? null,
  };
}
