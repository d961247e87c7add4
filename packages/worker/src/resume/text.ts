/** Headings that title the whole document rather than start a section; a name may follow them. */
const DOCUMENT_TITLES = new Set(["resume", "résumé", "curriculum vitae", "curriculum vitæ", "cv", "vita", "curriculum"]);

/** Section titles seen on resumes, lower-case, without a trailing colon. */
const SECTION_TITLES = new Set([
  "summary", "professional summary", "career summary", "profile", "professional profile", "personal profile",
  "about", "about me", "objective", "career objective", "highlights",
  "experience", "work experience", "professional experience", "relevant experience", "employment",
  "employment history", "work history", "career history",
  "education", "education and training", "academic background", "qualifications",
  "skills", "technical skills", "key skills", "core skills", "skills & tools", "skills and tools",
  "competencies", "core competencies", "technologies", "tools", "tech stack", "expertise",
  "projects", "selected projects", "certifications", "certificates", "licenses & certifications", "languages",
  "interests", "hobbies", "awards", "honors", "honours", "achievements", "publications", "references",
  "volunteering", "volunteer experience", "contact", "contact information", "contact details",
  "personal details", "personal information", "training", "courses", "memberships", "activities",
  "leadership", "additional information",
  // Variants that start the sections whose content is extracted (sections.ts); listed here so that the
  // header block (name, location) and the skills list also end at them.
  "personal statement", "executive summary", "professional background", "employment experience",
  "career experience", "academic qualifications", "educational background", "education & training",
  "education and qualifications", "education & qualifications", "language skills", "spoken languages",
  "languages spoken", "language proficiency",
]);

/** Lower-cased heading text: trailing colon and surrounding punctuation removed. */
export function headingKey(line: string): string {
  return line.trim().replace(/[:\s]+$/, "").toLowerCase();
}

export function isDocumentTitle(line: string): boolean {
  return DOCUMENT_TITLES.has(headingKey(line));
}

export function isKnownSection(line: string): boolean {
  return SECTION_TITLES.has(headingKey(line));
}

/** A section title we know, or an unknown ALL-CAPS title such as "PROFESSIONAL BACKGROUND". */
export function isSectionHeading(line: string): boolean {
  if (isKnownSection(line)) return true;
  const trimmed = line.trim().replace(/:$/, "");
  if (!isAllCaps(trimmed) || trimmed.includes(",")) return false;
  const words = trimmed.split(/\s+/);
  return words.length >= 2 && words.length <= 4 && words.every((word) => /^[\p{Lu}&]{3,}$/u.test(word) || word === "&");
}

export function isAllCaps(value: string): boolean {
  return /\p{Lu}/u.test(value) && !/\p{Ll}/u.test(value);
}

/**
 * Text lines with the invisible noise of PDF/Word extraction removed: NBSPs, zero-width characters,
 * soft hyphens, tabs and pdf-parse page markers. Empty lines are dropped.
 */
export function toLines(text: string): string[] {
  return text
    .replace(/\r\n?/g, "\n")
    .replace(/[\u200B-\u200D\uFEFF\u00AD]/g, "")
    .replace(/[\u00A0\u2007\u202F\t]/g, " ")
    .split("\n")
    .map((line) => line.replace(/ {2,}/g, "  ").trim())
    .filter((line) => line !== "" && !/^-- \d+ of \d+ --$/.test(line));
}

/** Separators people put between contact details on one line: "a · b", "a | b", "a • b", "a – b". */
export const SEGMENT_SEPARATOR = /\s*[|·•●▪◦∙]\s*|\s+[-–—]\s+|\s{2,}/;

export function segments(line: string): string[] {
  return line.split(SEGMENT_SEPARATOR).map((part) => part.trim()).filter(Boolean);
}
