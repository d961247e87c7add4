import { type DateMatch, type DateRange, findDateRange, findLastDate } from "./dates.ts";
import { BULLET, headerGroups, isHeaderLine, ROLE_WORDS, takeLocation, titleAndOrganization } from "./header.ts";
import { type Section } from "./sections.ts";
import { type ExperienceEntry } from "./types.ts";

const MAX_ENTRIES = 50;
const MAX_LINES = 600;
const MAX_LINE_CHARS = 300;
/** Header lines looked for above a date line whose own text lacks the title or the organisation. */
const MAX_LINES_ABOVE = 3;
const MAX_PREFIX_WORDS = 15;

/** The entries of every experience section, in order. */
export function findExperience(sections: readonly Section[]): ExperienceEntry[] {
  const lines = sections.filter((section) => section.kind === "experience").flatMap((section) => section.lines);
  return parseExperience(lines);
}

interface Anchor {
  line: number;
  date: DateMatch<DateRange>;
}

/**
 * Entries are found by their dates: each line with a date range (or a single date at its end) whose
 * text before the date reads like a header, not like prose ("Migrated data from 2016 – 2020"). The
 * title, organisation and location come from that line's text around the date; when it lacks the title
 * or the organisation, from the header lines just above it (title line, organisation line, date line),
 * and failing that from the line just below ("Engineer | 2019 – 2021" then "Acme, Berlin").
 * Description sentences after the date and bullet lines are not headers.
 */
export function parseExperience(input: readonly string[]): ExperienceEntry[] {
  const lines = input.slice(0, MAX_LINES).map((line) => line.slice(0, MAX_LINE_CHARS));
  const anchors: Anchor[] = [];
  lines.forEach((line, index) => {
    const date = entryDate(line);
    if (date) anchors.push({ line: index, date });
  });

  const entries: ExperienceEntry[] = [];
  let consumed = -1;
  for (const anchor of anchors.slice(0, MAX_ENTRIES)) {
    const header = entryHeader(lines, anchor, consumed);
    consumed = header.lastLine;
    entries.push({ ...header.fields, start: anchor.date.value.start, end: anchor.date.value.end });
  }
  return entries;
}

/** The header of the entry dated on `anchor.line`; lines up to `consumed` belong to the previous entry. */
function entryHeader(lines: readonly string[], anchor: Anchor, consumed: number): { fields: EntryHeader; lastLine: number } {
  const { line: index, date } = anchor;
  const line = lines[index] ?? "";
  const own = [...headerGroups(line.slice(0, date.index)), ...headerGroups(headerSuffix(line.slice(date.end)))];
  let groups = own;
  let fields = describe(own);

  // Lines above are adopted when they complete the entry (the fewest that do), and replace a complete
  // header on the date line itself only when they bring a job title to it.
  let chosen = complete(fields) ? { groups, fields } : null;
  for (let above = index - 1; !confident(fields) && above > consumed && above >= index - MAX_LINES_ABOVE; above--) {
    const candidate = lines[above] ?? "";
    if (!isHeaderLine(candidate) || findLastDate(candidate)) break;
    groups = [...headerGroups(candidate), ...groups];
    fields = describe(groups);
    if (confident(fields) || (!chosen && complete(fields))) chosen = { groups, fields };
  }
  if (chosen) ({ groups, fields } = chosen);
  if (complete(fields) || own.length === 0) return { fields, lastLine: index };

  // "Engineer | 2019 – 2021" with the employer on the next line.
  const below = lines[index + 1];
  if (below !== undefined && isHeaderLine(below) && !findLastDate(below)) {
    const extended = describe([...groups, ...headerGroups(below)]);
    if (complete(extended)) return { fields: extended, lastLine: index + 1 };
  }
  return { fields, lastLine: index };
}

type EntryHeader = Pick<ExperienceEntry, "title" | "organization" | "location">;

function describe(groups: readonly string[][]): EntryHeader {
  const { location, rest } = takeLocation(groups);
  return { ...titleAndOrganization(rest.flat()), location };
}

function complete(fields: EntryHeader): boolean {
  return fields.title !== null && fields.organization !== null;
}

/** Complete, and the title reads like a job title: no need to look at the lines above. */
function confident(fields: EntryHeader): boolean {
  return complete(fields) && ROLE_WORDS.test(fields.title ?? "");
}

/** The line's date range, or a lone date closing the line ("Engineer, Acme, 2019"), if it dates an entry. */
function entryDate(line: string): DateMatch<DateRange> | null {
  const range = findDateRange(line);
  if (range) return isHeaderPrefix(line.slice(0, range.index)) ? range : null;
  // A bullet with a year at its end is an achievement ("• Promoted to lead, 2019"), not an entry.
  const single = BULLET.test(line) ? null : findLastDate(line);
  if (!single || !/^[\s).]*$/.test(line.slice(single.end))) return null;
  if (!isHeaderPrefix(line.slice(0, single.index))) return null;
  return { value: { start: single.value, end: single.value }, index: single.index, end: single.end };
}

/** Empty, or a short text ending in a separator or a capitalised word — not "… from 2016 – 2020". */
function isHeaderPrefix(prefix: string): boolean {
  const text = prefix.replace(BULLET, "").trim();
  if (text === "") return true;
  if (text.split(/\s+/).length > MAX_PREFIX_WORDS) return false;
  if (/[,|·•—–\-:(]$/u.test(text)) return true;
  const lastWord = text.split(/\s+/).pop() ?? "";
  return /^\p{Lu}/u.test(lastWord);
}

/** Text after the date belongs to the header only when set off like one ("… | Berlin, Germany"). */
function headerSuffix(suffix: string): string {
  const text = suffix.startsWith(")") ? suffix.slice(1) : suffix;
  const separated = /^\s*[|·•,:]/u.test(text) || /^\s+[-–—]\s/u.test(text) || /^\s{2}/.test(text);
  const rest = separated ? text.replace(/^[\s|·•,:–—-]+/u, "").trim() : "";
  if (!rest || rest.split(/\s+/).length > 6 || /\.$/.test(rest) || !/^\p{Lu}/u.test(rest)) return "";
  return rest;
}
