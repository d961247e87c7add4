import { type BlindMapped, REMOVED } from "./blind.ts";

/**
 * Evidence a person reads. The engines judge the blind text (blind.ts), but a recruiter reads the
 * resume as it is written: a match found in the blind text is mapped back to the original text and
 * quoted from there — its line (a line the PDF extraction wrapped is joined again), long enough to
 * be read on its own, never a redaction mark.
 */

/** At most this many characters are quoted. */
export const MAX_QUOTE = 240;
/** A quote shorter than this gets the lines or sentences around it. */
export const MIN_QUOTE = 60;
/** Context kept on each side of a match cut out of a long sentence. */
const CONTEXT = 110;

export interface Quote {
  evidence: string;
  /** The matched words as the resume writes them (for highlighting), whitespace collapsed. */
  match: string;
}

const collapse = (s: string) => s.replace(/\s+/g, " ").trim();
// "•", "-", "*", "·", "▪", "●", "◦", "–", and the private-use bullet of Word's Symbol font.
const BULLET = /^[ \t]*(?:[•*·▪●◦‣\uF0B7\uF0A7]|[-–—](?=[ \t]))[ \t]*/u;
const SENTENCE_END = /[.!?;:]["')\]]*$/;

interface Line {
  start: number;
  end: number;
  /** A list item (starts with a bullet): never a heading. */
  bullet: boolean;
  /** A blank line follows. */
  blankAfter: boolean;
}

/**
 * The text's lines, a wrapped line joined again: a line break continues the line when the line
 * before is long and does not end a sentence, and the next line is not a bullet ("routing in" /
 * "Go and PostgreSQL." from a PDF). Blank lines are dropped.
 */
function logicalLines(text: string): Line[] {
  const raw: Line[] = [];
  let at = 0;
  for (const part of text.split("\n")) {
    if (part.trim()) raw.push({ start: at, end: at + part.length, bullet: BULLET.test(part), blankAfter: false });
    else if (raw.length) raw.at(-1)!.blankAfter = true;
    at += part.length + 1;
  }
  const lines: Line[] = [];
  for (const line of raw) {
    const last = lines.at(-1);
    const before = last ? text.slice(last.start, last.end).trimEnd() : "";
    const wrapped =
      last !== undefined &&
      !last.blankAfter &&
      before.length >= 40 &&
      !SENTENCE_END.test(before) &&
      !line.bullet &&
      !looksLikeHeading(text.slice(line.start, line.end).trim());
    if (wrapped) {
      last.end = line.end;
      last.blankAfter = line.blankAfter;
    } else lines.push({ ...line });
  }
  return lines;
}

/** Short, no sentence punctuation, at most four words ("SKILLS", "Work experience"). */
const looksLikeHeading = (s: string) => s.length <= 40 && !/[.,;!?|·•()]/.test(s) && s.split(/\s+/).length <= 4 && /^\p{Lu}/u.test(s);

/** A heading: heading-like, not a list item, and written in capitals, ending in ":" or followed by a blank line. */
function isHeading(text: string, line: Line): boolean {
  const s = lineText(text, line);
  if (line.bullet) return false;
  if (s.endsWith(":")) return looksLikeHeading(s.slice(0, -1));
  return looksLikeHeading(s) && (s === s.toUpperCase() || line.blankAfter);
}

function lineText(text: string, line: Line): string {
  return collapse(text.slice(line.start, line.end).replace(BULLET, ""));
}

/** Cuts [from, to) of `s` to whole words around [mStart, mEnd), with "…" where it cuts. */
function window(s: string, mStart: number, mEnd: number): string {
  const room = Math.max(CONTEXT, Math.floor((MAX_QUOTE - 2 - (mEnd - mStart)) / 2));
  let start = Math.max(0, mStart - room);
  let end = Math.min(s.length, mEnd + room);
  if (start > 0) {
    // A sentence that starts in the window starts the quote; else the first whole word.
    const sentence = /[.!?;]["')\]]*\s+(?=[\p{Lu}\p{N}"'(])/gu;
    sentence.lastIndex = start;
    const found = sentence.exec(s);
    const space = s.indexOf(" ", start);
    if (found && found.index + found[0].length <= mStart) start = found.index + found[0].length;
    else start = space !== -1 && space < mStart ? space + 1 : start;
  }
  if (end < s.length) {
    const space = s.lastIndexOf(" ", end);
    end = space >= mEnd ? space : end;
  }
  const quote = `${start > 0 ? "…" : ""}${s.slice(start, end).trim()}${end < s.length ? "…" : ""}`;
  return quote.length <= MAX_QUOTE ? quote : `${quote.slice(0, MAX_QUOTE - 1)}…`;
}

/** The sentences of a line, as [start, end) ranges covering it. */
function sentences(s: string): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  let start = 0;
  // A sentence ends at ". ", "! ", "? " or "; " before a capital, a digit or an opening mark.
  for (const m of s.matchAll(/[.!?;]["')\]]*\s+(?=[\p{Lu}\p{N}"'(])/gu)) {
    const end = m.index + m[0].length;
    out.push([start, end]);
    start = end;
  }
  out.push([start, s.length]);
  return out;
}

/** A long line: the sentence of the match, with its neighbours while the quote is short; a long sentence cut around the match. */
function quoteInLine(s: string, mStart: number, mEnd: number): string {
  const parts = sentences(s);
  let first = parts.findIndex(([a, b]) => mStart >= a && mStart < b);
  if (first === -1) first = parts.length - 1;
  let last = first;
  while (last < parts.length - 1 && parts[last]![1] < mEnd) last++;
  const span = () => [parts[first]![0], parts[last]![1]] as const;
  let [a, b] = span();
  if (b - a > MAX_QUOTE) return window(s, mStart, mEnd);
  for (;;) {
    const grew =
      b - a < MIN_QUOTE &&
      ((first > 0 && parts[last]![1] - parts[first - 1]![0] <= MAX_QUOTE && (first--, true)) ||
        (last < parts.length - 1 && parts[last + 1]![1] - parts[first]![0] <= MAX_QUOTE && (last++, true)));
    if (!grew) break;
    [a, b] = span();
  }
  return `${a > 0 ? "…" : ""}${s.slice(a, b).trim()}${b < s.length ? " …" : ""}`;
}

/**
 * Quotes [start, end) of `text` (the original resume text): the whole line when it fits in
 * MAX_QUOTE, else the sentence around the match (with its neighbours while shorter than MIN_QUOTE),
 * else about CONTEXT characters either side cut on word boundaries with "…". A short line gets the
 * heading before it ("SKILLS: Go, Java") and the lines of its list.
 */
export function quoteOriginal(text: string, start: number, end: number): Quote {
  const match = collapse(text.slice(start, end));
  const lines = logicalLines(text);
  const index = lines.findIndex((l) => start < l.end || l === lines.at(-1));
  const line = lines[index];
  if (!line) return { evidence: match, match };
  const raw = text.slice(line.start, line.end);
  const full = lineText(text, line);
  if (full.length > MAX_QUOTE) {
    // Offsets of the match in the collapsed line: collapse the text before it the same way.
    const lead = raw.replace(BULLET, "");
    const cut = raw.length - lead.length;
    const prefix = collapse(lead.slice(0, Math.max(0, start - line.start - cut)) + "x").slice(0, -1);
    const mStart = Math.min(full.length, prefix.length);
    return { evidence: quoteInLine(full, mStart, Math.min(full.length, mStart + match.length)), match };
  }
  // A short line that is not a sentence of its own: the lines of its list around it, and the
  // heading above ("Skills: Figma · User research").
  if (/[.!?]["')\]]*$/.test(full) && full.split(" ").length >= 5) return { evidence: full, match };
  let quote = full;
  let before = index - 1;
  let after = index + 1;
  let headed = isHeading(text, line);
  let grew = true;
  while (quote.length < MIN_QUOTE && grew) {
    grew = false;
    if (before >= 0 && !headed) {
      const prev = lineText(text, lines[before]!);
      if (quote.length + prev.length + 3 <= MAX_QUOTE) {
        headed = isHeading(text, lines[before]!);
        quote = headed ? `${prev.replace(/:$/, "")}: ${quote}` : `${prev} · ${quote}`;
        before--;
        grew = true;
      } else before = -1;
    }
    if (quote.length < MIN_QUOTE && after < lines.length && !isHeading(text, lines[after]!)) {
      const next = lineText(text, lines[after]!);
      if (quote.length + next.length + 3 <= MAX_QUOTE) {
        quote = `${quote} · ${next}`;
        after++;
        grew = true;
      } else after = lines.length;
    }
  }
  return { evidence: quote, match };
}

/** A quote of the blind text (a model's, or the local engine's match) as the resume writes it. */
export function quoteBlind(blind: BlindMapped, start: number, end: number): Quote {
  const span = blind.span(start, end);
  return quoteOriginal(blind.original, span.start, span.end);
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");

/**
 * A model's evidence: where it quotes the blind text (whitespace and case aside), the original
 * words quoted as above; otherwise (an explanation, a paraphrase) its own words, with any redaction
 * mark it copied replaced by "…".
 */
export function quoteModelEvidence(blind: BlindMapped, evidence: string): Quote | null {
  const words = collapse(evidence).replace(/^["'“”‘’«»]+|["'“”‘’«»]+$/g, "").replace(/^…|…$/g, "").trim();
  if (words.length >= 3) {
    const pattern = new RegExp(words.split(" ").map(escapeRegExp).join(String.raw`\s+`), "iu");
    const found = pattern.exec(blind.text);
    if (found) return quoteBlind(blind, found.index, found.index + found[0].length);
  }
  return null;
}

/** Text with the redaction marks taken out (for words that could not be mapped back). */
export function withoutMarks(s: string): string {
  return collapse(s.split(REMOVED).join("…").replace(/…(?:[\s,]*…)+/g, "…"));
}
