import { BULLET } from "./header.ts";
import { type Section } from "./sections.ts";

const MAX_SUMMARY_CHARS = 1000;
const MAX_SECTION_LINES = 40;

/**
 * The text of the first Summary / Profile / About / Objective section, whitespace collapsed and cut at
 * a word boundary near 1000 characters; null when the resume has none.
 */
export function findSummary(sections: readonly Section[]): string | null {
  for (const section of sections) {
    if (section.kind !== "summary") continue;
    const text = section.lines
      .slice(0, MAX_SECTION_LINES)
      .map((line) => line.replace(BULLET, ""))
      .join(" ")
      .replace(/\s+/g, " ")
      .trim();
    if (text) return cut(text);
  }
  return null;
}

function cut(text: string): string {
  if (text.length <= MAX_SUMMARY_CHARS) return text;
  const space = text.lastIndexOf(" ", MAX_SUMMARY_CHARS);
  return text.slice(0, space > MAX_SUMMARY_CHARS * 0.9 ? space : MAX_SUMMARY_CHARS);
}
