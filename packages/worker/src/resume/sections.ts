import { headingKey, isAllCaps, isDocumentTitle, isKnownSection, isSectionHeading } from "./text.ts";

export type SectionKind = "header" | "summary" | "experience" | "education" | "languages" | "skills" | "other";

/** A run of lines under one heading; `header` is what comes before the first heading. */
export interface Section {
  kind: SectionKind;
  /** The heading as written (without a trailing colon); null for the header block. */
  heading: string | null;
  /** The lines after the heading; for "Summary: text" the inline text is the first line. */
  lines: string[];
}

/** Hostile text can be all headings or one endless line; these bound the work whatever it holds. */
const MAX_LINES = 2_000;
const MAX_SECTIONS = 60;
const MAX_LINE_CHARS = 1_000;
const MAX_HEADING_CHARS = 60;
const MAX_LABEL_CHARS = 40;

const KINDS = new Map<string, SectionKind>();
function assign(kind: SectionKind, titles: string): void {
  for (const title of titles.split("|")) KINDS.set(title, kind);
}
assign("summary", "summary|professional summary|career summary|executive summary|profile|professional profile|personal profile|about|about me|objective|career objective|personal statement");
assign("experience", "experience|work experience|professional experience|relevant experience|employment|employment history|employment experience|work history|career history|career experience|professional background");
assign("education", "education|education and training|education & training|academic background|educational background|qualifications|academic qualifications|education and qualifications|education & qualifications");
assign("languages", "languages|language skills|spoken languages|languages spoken|language proficiency");

// Skills headings that findSkills accepts but the generic title list does not know ("Skill set").
const SKILLS_TITLE =
  /^(?:(?:technical|core|key|professional|relevant|top|soft|hard)\s)?(?:skills?|skill\s?set|competenc(?:y|ies)|core competencies|technologies|tools|tech(?:nical)? stack|expertise|tools (?:&|and) technologies|skills (?:&|and) (?:tools|technologies|expertise|interests|abilities))$/;

/** What an ALL-CAPS heading we do not know is about, from its words ("EDUCATIONAL HISTORY"). */
function kindFromWords(key: string): SectionKind {
  if (/\b(?:education|educational|academic|qualifications)\b/.test(key)) return "education";
  if (/\blanguages?\b/.test(key)) return "languages";
  if (/\b(?:skills?|competenc(?:y|ies))\b/.test(key)) return "skills";
  if (/\b(?:summary|profile|objective|about)\b/.test(key)) return "summary";
  if (/\bvolunteer/.test(key)) return "other";
  if (/\b(?:experience|employment|career|work history)\b/.test(key)) return "experience";
  return "other";
}

function kindOfKey(key: string): SectionKind {
  return KINDS.get(key) ?? (SKILLS_TITLE.test(key) ? "skills" : kindFromWords(key));
}

/** The kind of section a whole line opens, or null when the line is not a heading. */
export function sectionKind(line: string): SectionKind | null {
  if (line.length > MAX_HEADING_CHARS || isDocumentTitle(line)) return null;
  const key = headingKey(line);
  if (isSectionHeading(line) || SKILLS_TITLE.test(key)) return kindOfKey(key);
  return null;
}

/** "Summary: Backend engineer …" → the label's kind and the text after the colon. */
function inlineHeading(line: string): { kind: SectionKind; heading: string; rest: string } | null {
  const colon = line.indexOf(":");
  if (colon < 2 || colon > MAX_LABEL_CHARS) return null;
  const label = line.slice(0, colon).trim();
  const rest = line.slice(colon + 1).trim();
  const key = label.toLowerCase();
  if (!rest || !(isKnownSection(label) || SKILLS_TITLE.test(key))) return null;
  return { kind: kindOfKey(key), heading: label, rest };
}

/**
 * Splits resume lines (as from `toLines`) at their section headings. A heading is a whole line we
 * know ("Work Experience", "EDUCATION:") or an unknown ALL-CAPS title, or a label followed by text
 * ("Summary: …", "Skills: Go, Rust") for the sections whose content usually starts on the heading line.
 */
export function splitSections(lines: readonly string[]): Section[] {
  const sections: Section[] = [];
  let current: Section = { kind: "header", heading: null, lines: [] };
  for (const raw of lines.slice(0, MAX_LINES)) {
    const line = raw.slice(0, MAX_LINE_CHARS);
    const kind = sectionKind(line);
    const inline = kind ? null : inlineHeading(line);
    let next: Section | null = null;
    if (kind && !isCapitalisedEntryLine(line, kind, current.kind)) {
      next = { kind, heading: line.trim().replace(/\s*:$/, ""), lines: [] };
    } else if (inline && startsSection(inline.kind, current.kind)) {
      next = { kind: inline.kind, heading: inline.heading, lines: [inline.rest] };
    }
    if (!next) {
      current.lines.push(line);
      continue;
    }
    if (current.heading !== null || current.lines.length > 0) sections.push(current);
    if (sections.length >= MAX_SECTIONS) return sections;
    current = next;
  }
  if (current.heading !== null || current.lines.length > 0) sections.push(current);
  return sections;
}

/**
 * Employers and schools are often written in capitals ("NORTHWIND LOGISTICS"), which looks like an
 * unknown heading; inside an experience or education section such a line is content unless its words
 * say which section it opens.
 */
function isCapitalisedEntryLine(line: string, kind: SectionKind, within: SectionKind): boolean {
  if (within !== "experience" && within !== "education") return false;
  if (isKnownSection(line) || SKILLS_TITLE.test(headingKey(line))) return false;
  return isAllCaps(line) && kind === "other";
}

/**
 * Labels inside a skills list are sub-headings ("Languages: Go, Java"), and inside a job they are
 * details ("Tools: Docker"); "Languages:" lines never open a section (languages.ts reads them where
 * they stand), so only summary, education and skills labels start one.
 */
function startsSection(label: SectionKind, within: SectionKind): boolean {
  if (within === "skills") return false;
  if (label === "skills") return within !== "experience";
  return label === "summary" || label === "education";
}
