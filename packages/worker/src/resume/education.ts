import { findDateRange, findLastDate } from "./dates.ts";
import { BULLET, headerGroups, takeLocation } from "./header.ts";
import { type Section } from "./sections.ts";
import { type EducationEntry } from "./types.ts";

const MAX_ENTRIES = 20;
const MAX_LINES = 200;
const MAX_LINE_CHARS = 300;
const MAX_LINE_WORDS = 20;

// Abbreviations are matched case-sensitively ("MA", not the "ma" of a sentence); words are not.
const DEGREE_ABBREVIATION =
  /(?:^|[^\p{L}])(?:B\.? ?(?:Sc|A|S|Eng|Ed|Com|Tech|FA|BA|Arch)|M\.? ?(?:Sc|A|S|Eng|Ed|BA|Phil|FA|Res|Tech|Arch)|Ph\.? ?D|D\.? ?Phil|MD|JD|LL\.? ?[BM]|AAS?|HND|GCSEs?|A-?Levels?)\.?(?![\p{L}])/u;
const DEGREE_WORD =
  /\b(?:bachelor|master|doctor(?:ate)?|diploma|degree|certificate|baccalaur|licen[cs]iate|postgraduate|undergraduate|associate of|high school|abitur|matura)/i;
// Capitalised, as in a name: "member of the university rowing team" is a detail, not a school.
const INSTITUTION_WORD =
  /(?:^|[^\p{L}])(?:Universit\p{L}*|UNIVERSIT\p{Lu}*|College|COLLEGE|School|SCHOOL|Institut\p{L}*|INSTITUT\p{Lu}*|Academy|ACADEMY|Polytechnic|POLYTECHNIC|Politecnico|Conservato\p{L}*|Hochschule|[ÉE]cole|[ÉE]COLE|Seminary)(?![\p{L}])/u;

function isDegree(part: string): boolean {
  return DEGREE_ABBREVIATION.test(part) || DEGREE_WORD.test(part);
}

function isInstitution(part: string): boolean {
  return INSTITUTION_WORD.test(part);
}

/** The entries of every education section, in order. */
export function findEducation(sections: readonly Section[]): EducationEntry[] {
  const lines = sections.filter((section) => section.kind === "education").flatMap((section) => section.lines);
  return parseEducation(lines);
}

interface Draft extends EducationEntry {
  dated: boolean;
}

/**
 * One line per entry ("MEng Computer Science, University of Bristol, 2016") or one line per field
 * (institution, degree, dates in any order). A line continues the current entry until it brings a
 * field that entry already has. Parts are recognised by their words (degree names and abbreviations,
 * "University", "College", …); the part before a recognised institution is the degree and the part after
 * a recognised degree the institution, and a dated line with two unrecognised parts is read as
 * "degree, institution".
 * The year is the range's end, or the line's single date; lines with none of these are details.
 */
export function parseEducation(input: readonly string[]): EducationEntry[] {
  const drafts: Draft[] = [];
  for (const raw of input.slice(0, MAX_LINES)) {
    const line = raw.slice(0, MAX_LINE_CHARS).replace(BULLET, "");
    if (line.split(/\s+/).length > MAX_LINE_WORDS) continue;
    const read = readLine(line);
    if (!read.degree && !read.institution && !read.dated) continue;

    const draft = drafts[drafts.length - 1];
    const clashes = !draft || (read.degree && draft.degree) || (read.institution && draft.institution) || (read.dated && draft.dated);
    if (clashes) {
      drafts.push(read);
      continue;
    }
    draft.degree ??= read.degree;
    draft.institution ??= read.institution;
    if (read.dated) {
      draft.year = read.year;
      draft.dated = true;
    }
  }
  return drafts
    .filter((draft) => draft.degree !== null || draft.institution !== null)
    .slice(0, MAX_ENTRIES)
    .map(({ degree, institution, year }) => ({ degree, institution, year }));
}

function readLine(line: string): Draft {
  let year: string | null = null;
  let dated = false;
  let text = line;
  const range = findDateRange(line);
  const single = range ? null : findLastDate(line);
  const found = range ?? single;
  if (range) year = range.value.end?.slice(0, 4) ?? null;
  else if (single) year = single.value.slice(0, 4);
  if (found) {
    dated = true;
    text = `${line.slice(0, found.index)}  ${line.slice(found.end)}`;
  }

  const { rest } = takeLocation(headerGroups(text));
  const parts = rest.flat();
  let degree = parts.find(isDegree) ?? null;
  let institution = parts.find((part) => part !== degree && isInstitution(part)) ?? null;
  if (!degree && !institution && dated && parts.length >= 2) {
    degree = parts[0] ?? null;
    institution = parts[1] ?? null;
  } else if (parts.length >= 2) {
    // One part recognised: in "degree, institution" order the other part is its partner.
    const other = parts.find((part) => part !== degree && part !== institution) ?? null;
    if (!degree && institution && other && parts.indexOf(other) < parts.indexOf(institution)) degree = other;
    if (degree && !institution && other && parts.indexOf(other) > parts.indexOf(degree)) institution = other;
  }
  return { degree, institution, year, dated };
}
