/** A period on a resume: `"YYYY"` or `"YYYY-MM"`; `end: null` means it is ongoing ("present"). */
export interface DateRange {
  start: string;
  end: string | null;
}

/** Where a date or range was found in a line, so that callers can take the text around it apart. */
export interface DateMatch<T> {
  value: T;
  index: number;
  end: number;
}

const MONTH_INDEX: Record<string, number> = {
  jan: 1, feb: 2, mar: 3, apr: 4, may: 5, jun: 6, jul: 7, aug: 8, sep: 9, oct: 10, nov: 11, dec: 12,
};

const MONTH_NAME = "(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)";
const YEAR = "((?:19|20)\\d\\d)";
const MONTH_NUMBER = "(0?[1-9]|1[0-2])";
// "Jan 2019" / "January, 2019" | "03/2019" / "3.2019" | "2019-03" | "2019". The lookarounds keep a date
// from being read out of a longer number (a phone number, "15/03/2019"). Every quantifier is bounded
// and no two adjacent ones can match the same characters, so matching stays linear.
const DATE_SOURCE = [
  `(?<![\\p{L}\\d])${MONTH_NAME}\\.?,? ?${YEAR}(?![\\d/.]\\d|\\d)`,
  `(?<![\\d/.])${MONTH_NUMBER}[/.]${YEAR}(?![\\d/.]\\d|\\d)`,
  `(?<![\\d/.])${YEAR}[-/.](0[1-9]|1[0-2])(?![\\d/.]\\d|\\d)`,
  `(?<![\\d/.])${YEAR}(?![\\d/.]\\d|\\d)`,
].join("|");
const DATE = new RegExp(DATE_SOURCE, "giu");
const DATE_AT = new RegExp(DATE_SOURCE, "iuy");
const RANGE_SEPARATOR_AT = /\s{0,3}(?:[-‐‑‒–—―~]{1,2}|(?:to|until|till|through|thru)\b)\s{0,3}/iuy;
const ONGOING_AT = /(?:present|current|now|today|ongoing|date)\b/iuy;

/** Dates past this are a typo or a phone number rather than a job; the bound also caps the work. */
const MAX_LINE_CHARS = 500;

interface YearMonth {
  year: number;
  month: number | null;
}

function fromMatch(match: RegExpExecArray): YearMonth {
  const [, nameMonth, nameYear, numMonth, numYear, isoYear, isoMonth, onlyYear] = match;
  if (nameMonth && nameYear) return { year: Number(nameYear), month: MONTH_INDEX[nameMonth.slice(0, 3).toLowerCase()] ?? null };
  if (numMonth && numYear) return { year: Number(numYear), month: Number(numMonth) };
  if (isoYear && isoMonth) return { year: Number(isoYear), month: Number(isoMonth) };
  return { year: Number(onlyYear), month: null };
}

function format(date: YearMonth): string {
  return date.month === null ? String(date.year) : `${date.year}-${String(date.month).padStart(2, "0")}`;
}

/** Month number since year 0; a year alone is taken as its first or its last month. */
function monthIndex(date: YearMonth, bound: "first" | "last"): number {
  return date.year * 12 + (date.month ?? (bound === "first" ? 1 : 12)) - 1;
}

/** The first date range in a line: "2016 – 2020", "Jan 2019 - Mar 2021", "03/2019 to present", … */
export function findDateRange(line: string): DateMatch<DateRange> | null {
  const text = line.slice(0, MAX_LINE_CHARS);
  DATE.lastIndex = 0;
  for (let match = DATE.exec(text); match; match = DATE.exec(text)) {
    const after = match.index + match[0].length;
    RANGE_SEPARATOR_AT.lastIndex = after;
    if (!RANGE_SEPARATOR_AT.exec(text)) continue;
    const endAt = RANGE_SEPARATOR_AT.lastIndex;
    const start = fromMatch(match);

    ONGOING_AT.lastIndex = endAt;
    if (ONGOING_AT.exec(text)) {
      return { value: { start: format(start), end: null }, index: match.index, end: ONGOING_AT.lastIndex };
    }
    DATE_AT.lastIndex = endAt;
    const second = DATE_AT.exec(text);
    if (!second) continue;
    const end = fromMatch(second);
    // A range that ends before it starts is not a period of work (more likely two unrelated numbers).
    if (monthIndex(start, "first") > monthIndex(end, "last")) continue;
    return { value: { start: format(start), end: format(end) }, index: match.index, end: DATE_AT.lastIndex };
  }
  return null;
}

/** The last single date in a line ("MEng, Bristol, 2016" → "2016"), for entries that give one date. */
export function findLastDate(line: string): DateMatch<string> | null {
  const text = line.slice(0, MAX_LINE_CHARS);
  let last: DateMatch<string> | null = null;
  DATE.lastIndex = 0;
  for (let match = DATE.exec(text); match; match = DATE.exec(text)) {
    last = { value: format(fromMatch(match)), index: match.index, end: match.index + match[0].length };
  }
  return last;
}

/**
 * A text that is one date range and nothing else (parentheses and trailing punctuation allowed),
 * e.g. "(2020 – present)" → `{ start: "2020", end: null }`; anything else gives null.
 */
export function parseDateRange(text: string): DateRange | null {
  const trimmed = text
    .trim()
    .replace(/^[([]\s*/, "")
    .replace(/\s*[)\]]?[.,;:]?$/, "");
  if (trimmed.length > 60) return null;
  const found = findDateRange(trimmed);
  return found && found.index === 0 && found.end === trimmed.length ? found.value : null;
}

function parseStored(value: string): YearMonth | null {
  const match = /^(\d{4})(?:-(\d{2}))?$/.exec(value);
  if (!match) return null;
  const month = match[2] ? Number(match[2]) : null;
  return month !== null && (month < 1 || month > 12) ? null : { year: Number(match[1]), month };
}

/**
 * Years of experience covered by the union of `ranges`, rounded to one decimal; null when none is dated.
 *
 * Counted in whole calendar months, both ends included: a start given as a year alone counts from its
 * January, an end given as a year alone through its December, and `end: null` ("present") through the
 * month of `now` (UTC). Months covered by several ranges count once; months after `now` do not count.
 * So "2016 – 2020" is 5.0 years, "Jan 2019 – Mar 2021" 2.3, and "2020 – present" on 2025-06-15 5.5.
 */
export function experienceYears(
  ranges: ReadonlyArray<{ start: string | null; end: string | null }>,
  now: Date = new Date(),
): number | null {
  const current = monthIndex({ year: now.getUTCFullYear(), month: now.getUTCMonth() + 1 }, "first");
  const spans: Array<[number, number]> = [];
  let dated = false;
  for (const range of ranges) {
    const start = range.start === null ? null : parseStored(range.start);
    if (!start) continue;
    const end = range.end === null ? null : parseStored(range.end);
    if (range.end !== null && !end) continue;
    dated = true;
    const first = monthIndex(start, "first");
    const last = Math.min(end ? monthIndex(end, "last") : current, current);
    if (first <= last) spans.push([first, last]);
  }
  if (!dated) return null;

  spans.sort((a, b) => a[0] - b[0]);
  let months = 0;
  let open: [number, number] | null = null;
  for (const span of spans) {
    if (open && span[0] <= open[1] + 1) {
      open[1] = Math.max(open[1], span[1]);
      continue;
    }
    if (open) months += open[1] - open[0] + 1;
    open = [span[0], span[1]];
  }
  if (open) months += open[1] - open[0] + 1;
  return Math.round((months / 12) * 10) / 10;
}
