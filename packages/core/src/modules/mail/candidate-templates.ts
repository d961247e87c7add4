import { escapeHtml } from "../../kernel/html.ts";
import { type CandidateEmailKind, type Placeholder, PLACEHOLDER } from "./contract/templates.ts";

/**
 * The candidate e-mails' templates (Settings → E-mail): plain text with {{placeholders}}. Pure, so
 * the settings page renders its live preview with the very function the server sends with. The HTML
 * part is generated from the rendered text, escaped as a whole — a candidate named `<script>` is text
 * in both parts, whatever the template says.
 */
export interface EmailTemplate {
  subject: string;
  body: string;
}

/**
 * The built-in templates (a company's null template). The rejection names no reason: a reason is
 * for the team, and a candidate only reads one when the company writes {{reject_reason}} itself.
 */
export const DEFAULT_TEMPLATES: Record<CandidateEmailKind, EmailTemplate> = {
  application_received: {
    subject: "We received your application for {{job_title}}",
    body: [
      "Hi {{candidate_first_name}},",
      "",
      "thank you for applying for {{job_title}} at {{company_name}}. We have received your application and will review it carefully. We will get back to you as soon as we can.",
      "",
      "Best regards,",
      "The {{company_name}} team",
    ].join("\n"),
  },
  rejection: {
    subject: "Your application for {{job_title}} at {{company_name}}",
    body: [
      "Hi {{candidate_first_name}},",
      "",
      "thank you for your interest in {{job_title}} at {{company_name}} and for the time you gave us. After careful consideration we have decided not to move forward with your application.",
      "",
      "We wish you all the best in your search.",
      "",
      "Best regards,",
      "The {{company_name}} team",
    ].join("\n"),
  },
  // Sent from the candidate page or POST /candidates/{id}/screening_explanation/send (issue 25 §3).
  screening_explanation: {
    subject: "How your application for {{job_title}} at {{company_name}} was assessed",
    body: [
      "Hi {{candidate_first_name}},",
      "",
      "here is, in plain words, the part an automated screening tool played in the decision about your application for {{job_title}} at {{company_name}}, and how to ask that a person reviews it.",
      "",
      "{{screening_explanation}}",
      "",
      "Best regards,",
      "The {{company_name}} team",
    ].join("\n"),
  },
  // Sent with a scheduling link (issue 42 §2) when notify_candidate is on.
  scheduling_link: {
    subject: "Pick a time for your {{interview_title}} with {{company_name}}",
    body: [
      "Hi {{candidate_first_name}},",
      "",
      "we would like to invite you to a {{interview_title}} for {{job_title}} at {{company_name}}. Please choose a time that suits you here:",
      "",
      "{{scheduling_link}}",
      "",
      "The times are shown in your own time zone. After booking you can reschedule or cancel from the confirmation.",
      "",
      "Best regards,",
      "The {{company_name}} team",
    ].join("\n"),
  },
};

export type PlaceholderValues = Partial<Record<Placeholder, string | null>>;

export interface TemplateFacts {
  candidateName: string | null;
  jobTitle: string | null;
  companyName: string;
  rejectReason?: string | null;
  screeningExplanation?: string | null;
  interviewTitle?: string | null;
  schedulingLink?: string | null;
}

export function placeholderValues(facts: TemplateFacts): PlaceholderValues {
  const name = facts.candidateName?.trim() || null;
  return {
    candidate_name: name ?? "",
    candidate_first_name: name?.split(/\s+/)[0] ?? "there",
    job_title: facts.jobTitle ?? "",
    company_name: facts.companyName,
    reject_reason: facts.rejectReason ?? "",
    screening_explanation: facts.screeningExplanation ?? "",
    interview_title: facts.interviewTitle ?? "",
    scheduling_link: facts.schedulingLink ?? "",
  };
}

function fill(text: string, values: PlaceholderValues): string {
  return text.replace(PLACEHOLDER, (whole, name: string) => (name in values ? (values[name as Placeholder] ?? "") : whole));
}

/** The message: subject on one line, the text as written, and HTML paragraphs of the escaped text. */
export function renderTemplate(template: EmailTemplate, values: PlaceholderValues): { subject: string; text: string; html: string } {
  const subject = fill(template.subject, values).replace(/[\r\n\t]+/g, " ").trim();
  const text = fill(template.body, values).replace(/\r\n?/g, "\n");
  const paragraphs = text
    .split(/\n{2,}/)
    .filter((p) => p.trim() !== "")
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, "<br>\n")}</p>`);
  const html = [
    "<!doctype html>",
    `<html><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head><body>`,
    ...paragraphs,
    "</body></html>",
  ].join("\n");
  return { subject, text, html };
}
