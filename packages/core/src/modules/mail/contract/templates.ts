
/** The candidate e-mails' kinds, placeholders and limits: what the settings form and its contract check. */
export const CANDIDATE_EMAIL_KINDS = ["application_received", "rejection", "screening_explanation", "scheduling_link"] as const;

/** The kinds a company writes its own template for (Settings → E-mail); the screening explanation's is built in. */
export const EDITABLE_EMAIL_KINDS = ["application_received", "rejection", "scheduling_link"] as const satisfies readonly CandidateEmailKind[];

export type CandidateEmailKind = (typeof CANDIDATE_EMAIL_KINDS)[number];

export const PLACEHOLDERS = {
  candidate_name: "The candidate's full name",
  candidate_first_name: "The first word of the candidate's name (\"there\" without a name)",
  job_title: "The job's title",
  company_name: "The company's name",
  reject_reason: "The reject reason chosen in the move (empty without one); rejection only",
  screening_explanation: "The plain-language explanation of the AI screening tool's part (GET /candidates/{id}/screening_explanation); screening explanation only",
  interview_title: "The interview's title; scheduling link only",
  scheduling_link: "The candidate's page to pick a time (/schedule/…); scheduling link only",
} as const;

export type Placeholder = keyof typeof PLACEHOLDERS;

/** Which placeholders each template may use: an application has no reject reason. */
export const TEMPLATE_PLACEHOLDERS: Record<CandidateEmailKind, readonly Placeholder[]> = {
  application_received: ["candidate_name", "candidate_first_name", "job_title", "company_name"],
  rejection: ["candidate_name", "candidate_first_name", "job_title", "company_name", "reject_reason"],
  screening_explanation: ["candidate_name", "candidate_first_name", "job_title", "company_name", "screening_explanation"],
  scheduling_link: ["candidate_name", "candidate_first_name", "job_title", "company_name", "interview_title", "scheduling_link"],
};

export const SUBJECT_MAX = 200;

export const BODY_MAX = 10_000;

export const MAX_DELAY_MINUTES = 10_080;

export const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** Names used in a template that it may not use (unknown, or not available in this kind), in order of appearance. */
export function unknownPlaceholders(kind: CandidateEmailKind, text: string): string[] {
  const allowed = new Set<string>(TEMPLATE_PLACEHOLDERS[kind]);
  const found = [...text.matchAll(PLACEHOLDER)].map((m) => m[1]!).filter((name) => !allowed.has(name));
  return [...new Set(found)];
}

/**
 * What is wrong with a template's placeholders, in words a member reads beside the field (and the
 * settings page's live preview shows before saving): "Uses {{foo}}, which Hireflow doesn't know.
 * Known: {{candidate_name}}, …". Null when every placeholder is one this e-mail fills.
 */
export function placeholderProblem(kind: CandidateEmailKind, text: string): string | null {
  const bad = unknownPlaceholders(kind, text);
  if (!bad.length) return null;
  const names = bad.map((name) => `{{${name}}}`).join(", ");
  // A name another e-mail fills ({{reject_reason}} in the application e-mail) is known, just not here.
  const elsewhere = bad.filter((name) => name in PLACEHOLDERS).length;
  const why = elsewhere === bad.length ? "which this e-mail cannot fill" : elsewhere ? "which Hireflow doesn't know or this e-mail cannot fill" : "which Hireflow doesn't know";
  return `Uses ${names}, ${why}. Known: ${TEMPLATE_PLACEHOLDERS[kind].map((p) => `{{${p}}}`).join(", ")}`;
}
