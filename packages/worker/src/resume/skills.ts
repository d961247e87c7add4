import { isSectionHeading } from "./text.ts";

const MAX_SKILLS = 30;
const MAX_SECTION_LINES = 25;

const SKILLS_HEADING =
  /^(?:(?:technical|core|key|professional|relevant|top)\s+)?(?:skills?|skill\s?set|competencies|technologies|tech(?:nical)? stack|tools(?:\s*(?:&|and)\s*technologies)?|skills\s*(?:&|and)\s*(?:tools|technologies|expertise|interests))\s*(?::\s*(.*))?$/i;

// Bullets, including the private-use glyphs Word's Symbol/Wingdings bullets come out as.
const BULLET = /^[•·●▪◦‣∙*>\-–—\uF000-\uF8FF]+\s*/u;
const ITEM_SEPARATOR = /\s*(?:[,;|•·●▪◦∙\uF000-\uF8FF]|\s{2,})\s*/u;
// A sub-label inside the section, e.g. "Languages: Go, Java".
const SUB_LABEL = /^[\p{L} &/]{2,30}:\s*/u;

export function findSkills(lines: readonly string[]): string[] {
  const start = lines.findIndex((line) => SKILLS_HEADING.test(line));
  if (start < 0) return [];
  const inline = SKILLS_HEADING.exec(lines[start] ?? "")?.[1];
  const body: string[] = inline ? [inline] : [];
  for (const line of lines.slice(start + 1, start + 1 + MAX_SECTION_LINES)) {
    if (isSectionHeading(line)) break;
    body.push(line);
  }

  const skills: string[] = [];
  const seen = new Set<string>();
  for (const line of body) {
    const items = line.replace(BULLET, "").replace(SUB_LABEL, "").split(ITEM_SEPARATOR);
    for (const raw of items) {
      const item = raw.replace(BULLET, "").replace(/[.;:]+$/, "").trim();
      // Sentences are prose that happened to follow the heading, not skills.
      if (item.length < 1 || item.length > 50 || item.split(/\s+/).length > 5) continue;
      const key = item.toLowerCase();
      if (seen.has(key)) continue;
      seen.add(key);
      skills.push(item);
      if (skills.length >= MAX_SKILLS) return skills;
    }
  }
  return skills;
}
