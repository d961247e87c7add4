import { type ScreeningPerson } from "./types.ts";

/**
 * Blind screening: what an engine (local or a language model) sees is the resume text without who
 * wrote it. Removed: the person's name, any e-mail, any phone number, profile URLs (LinkedIn and
 * the like), street addresses, and in education lines the school and the year (a women's college or
 * an HBCU says who the person is, a graduation year how old); gendered pronouns and titles become
 * neutral, so that the same resume from "him" or "her" reads the same. Deterministic: the same input gives the same text,
 * which is what `inputHash` and the fairness guarantees rest on.
 */
export const REMOVED = "[removed]";

export type BlindPerson = Partial<ScreeningPerson>;

export function blindText(text: string, people: BlindPerson | readonly BlindPerson[] = []): string {
  return blindMapped(text, people).text;
}

/**
 * The blind text, with the way back: `original` is the text as written (NFC, line ends as "\n"),
 * and `span` maps a range of the blind text to the range of `original` it came from, so that what an
 * engine found in the blind text can be quoted to a person as the resume says it (evidence.ts).
 */
export interface BlindMapped {
  text: string;
  original: string;
  /** The range of `original` that [start, end) of the blind text came from. */
  span(start: number, end: number): { start: number; end: number };
}

export function blindMapped(text: string, people: BlindPerson | readonly BlindPerson[] = []): BlindMapped {
  const persons: readonly BlindPerson[] = Array.isArray(people) ? people : [people as BlindPerson];
  const original = text.normalize("NFC").replace(/\r\n?/g, "\n");
  let t = tracked(original);
  t = removeUrls(t);
  t = replaceTracked(t, EMAIL, REMOVED);
  for (const person of persons) t = removeKnownPhone(t, person.phone);
  t = removePhones(t);
  t = removeAddresses(t);
  // The slug before the name: "marcus-oneill" holds the name's parts.
  for (const person of persons) t = removeProfileSlug(t, person.linkedin);
  for (const person of persons) t = removeName(t, person.name);
  t = removeEducationMarkers(t);
  t = neutralise(t);
  const out = tidy(t);
  return {
    text: out.text,
    original,
    span(start, end) {
      const from = Math.max(0, Math.min(start, out.text.length));
      const to = Math.max(from, Math.min(end, out.text.length));
      if (from === to) {
        const at = from < out.text.length ? out.starts[from]! : original.length;
        return { start: at, end: at };
      }
      let s = out.starts[from]!;
      let e = out.ends[from]!;
      for (let i = from; i < to; i++) {
        s = Math.min(s, out.starts[i]!);
        e = Math.max(e, out.ends[i]!);
      }
      return { start: s, end: e };
    },
  };
}

// --- Offsets ----------------------------------------------------------------------------------

/**
 * A text being blinded, with the range of the original text each of its characters came from: kept
 * through every replacement (only what a replacement changed maps to the whole range it replaced).
 */
interface Tracked {
  text: string;
  starts: Int32Array;
  ends: Int32Array;
}

interface Edit {
  at: number;
  match: string;
  replacement: string;
}

function tracked(text: string): Tracked {
  const starts = new Int32Array(text.length);
  const ends = new Int32Array(text.length);
  for (let i = 0; i < text.length; i++) {
    starts[i] = i;
    ends[i] = i + 1;
  }
  return { text, starts, ends };
}

type Replacer = string | ((match: string, ...rest: never[]) => string);

/** String.prototype.replace on a tracked text: the same result, with the offsets carried along. */
function replaceTracked(t: Tracked, pattern: RegExp, replacer: Replacer): Tracked {
  const edits: Edit[] = [];
  const text = t.text.replace(pattern, (...args: unknown[]) => {
    const match = args[0] as string;
    // (match, ...groups, offset, string[, namedGroups])
    const at = (typeof args.at(-1) === "string" ? args.at(-2) : args.at(-3)) as number;
    const replacement = typeof replacer === "string" ? replacer : (replacer as (...a: unknown[]) => string)(...args);
    edits.push({ at, match, replacement });
    return replacement;
  });
  // applyEdits rebuilds the same text from the same edits.
  return edits.length ? applyEdits(t, edits) : { ...t, text };
}

/** Applies non-overlapping edits in order; what an edit leaves equal at its start and end keeps its own offsets. */
function applyEdits(t: Tracked, edits: readonly Edit[]): Tracked {
  let length = t.text.length;
  for (const e of edits) length += e.replacement.length - e.match.length;
  const starts = new Int32Array(length);
  const ends = new Int32Array(length);
  let text = "";
  let from = 0;
  let to = 0;
  const copy = (until: number) => {
    for (; from < until; from++, to++) {
      starts[to] = t.starts[from]!;
      ends[to] = t.ends[from]!;
    }
  };
  for (const { at, match, replacement } of edits) {
    text += t.text.slice(from, at) + replacement;
    copy(at);
    let prefix = 0;
    while (prefix < match.length && prefix < replacement.length && match[prefix] === replacement[prefix]) prefix++;
    let suffix = 0;
    while (
      suffix < match.length - prefix &&
      suffix < replacement.length - prefix &&
      match[match.length - 1 - suffix] === replacement[replacement.length - 1 - suffix]
    ) {
      suffix++;
    }
    copy(at + prefix);
    const changedEnd = at + match.length - suffix;
    const spanStart = from < changedEnd ? t.starts[from]! : from < t.text.length ? t.starts[from]! : (t.ends[t.text.length - 1] ?? 0);
    let spanEnd = spanStart;
    for (let i = from; i < changedEnd; i++) spanEnd = Math.max(spanEnd, t.ends[i]!);
    for (let i = 0; i < replacement.length - prefix - suffix; i++, to++) {
      starts[to] = spanStart;
      ends[to] = spanEnd;
    }
    from = changedEnd;
    copy(at + match.length);
  }
  text += t.text.slice(from);
  copy(t.text.length);
  return { text, starts, ends };
}

// --- URLs and e-mails -------------------------------------------------------------------------

const PROFILE_HOSTS = [
  "linkedin.com",
  "github.com",
  "gitlab.com",
  "bitbucket.org",
  "twitter.com",
  "x.com",
  "facebook.com",
  "fb.com",
  "instagram.com",
  "behance.net",
  "dribbble.com",
  "medium.com",
  "stackoverflow.com",
  "kaggle.com",
  "youtube.com",
  "tiktok.com",
  "about.me",
  "t.me",
];
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");

// Any scheme or www URL goes (a personal site names its owner); bare hosts only for known profile
// sites, because "Node.js/TypeScript" is also word.word/word.
const URL_PATTERN = new RegExp(
  String.raw`(?:\b(?:https?:\/\/|www\.)|(?<![\p{L}\p{N}.-])(?:[a-z]{2,3}\.)?(?:${PROFILE_HOSTS.map(escapeRegExp).join("|")})\/)[^\s<>"'|·•,]*`,
  "giu",
);
// "LinkedIn: jane-doe", "GitHub - jdoe": a handle after a profile label.
const PROFILE_LABEL = /\b(linkedin|github|gitlab|twitter|instagram|behance|dribbble|skype|telegram)([ \t]*:[ \t]*)(?!\[removed\])@?[\p{L}\p{N}._-]{2,}/giu;

function removeUrls(t: Tracked): Tracked {
  t = replaceTracked(t, URL_PATTERN, (url) => {
    // Sentence punctuation after a URL is not part of it.
    const trailing = /[.,;:!?)\]]+$/.exec(url)?.[0] ?? "";
    return REMOVED + trailing;
  });
  return replaceTracked(t, PROFILE_LABEL, (_m, label: string, sep: string) => `${label}${sep}${REMOVED}`);
}

// Starts only where a run of address characters starts: otherwise every position of a long
// "a-b-c-…" run would rescan the run for an "@" (quadratic).
const EMAIL = /(?<![\p{L}\p{N}._%+-])[\p{L}\p{N}._%+-]{1,64}@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}{2,}/gu;

// --- Phone numbers ----------------------------------------------------------------------------

// A run of digits with phone separators (space, dot, hyphen, parentheses; never "/" or "–", which
// dates use), 7–15 digits. Runs made only of years and 1–2 digit numbers are dates ("2016 - 2020",
// "2019-03-15"), not phones, unless they start with "+".
const PHONE_CANDIDATE = /(?<![\p{L}\p{N}+/.])(?:\+[ \t]?)?(?:\(\d{1,5}\)[ \t.-]?)?\d[\d \t.()-]{5,}\d(?![\p{L}\p{N}/])/gu;
const DATE_GROUP = /^(?:(?:19|20)\d\d|\d{1,2})$/;

function isPhone(run: string): boolean {
  const groups = run.split(/\D+/).filter(Boolean);
  const digits = groups.join("").length;
  if (digits < 7 || digits > 15) return false;
  return run.trimStart().startsWith("+") || !groups.every((g) => DATE_GROUP.test(g));
}

function removePhones(t: Tracked): Tracked {
  // A sentence end (". ") or a wide gap ends a number: "…555 2671. 2019-03-15" is two runs.
  return replaceTracked(t, PHONE_CANDIDATE, (match) =>
    match
      .split(/(\.[ \t]+|[ \t]{2,})/)
      .map((run, i) => (i % 2 === 0 && isPhone(run) ? REMOVED : run))
      .join(""),
  );
}

/**
 * The person's own number, whatever its formatting: its last 8 digits with any separators between
 * them, plus a country or area prefix. Catches what the generic rule lets through (e.g. a number
 * whose groups look like years).
 */
function removeKnownPhone(t: Tracked, phone: string | null | undefined): Tracked {
  const digits = (phone ?? "").replace(/\D/g, "");
  if (digits.length < 7) return t;
  const tail = digits.slice(-8).split("").join(String.raw`[ \t.()-]*`);
  const pattern = new RegExp(String.raw`(?<![\p{N}])(?:\+[ \t]?)?(?:\(?\d{1,4}\)?[ \t.-]*){0,3}${tail}(?![\p{N}])`, "gu");
  return replaceTracked(t, pattern, REMOVED);
}

// --- Street addresses -------------------------------------------------------------------------

const STREET_TYPES = [
  "Street", "St", "Road", "Rd", "Avenue", "Ave", "Lane", "Ln", "Boulevard", "Blvd", "Drive", "Dr", "Court", "Ct",
  "Place", "Pl", "Way", "Square", "Sq", "Terrace", "Close", "Crescent", "Parkway", "Pkwy", "Highway", "Hwy",
  "Mews", "Gardens", "Circle", "Trail", "Plaza", "Alley",
];
const US_STATES =
  "AL|AK|AZ|AR|CA|CO|CT|DE|DC|FL|GA|HI|ID|IL|IN|IA|KS|KY|LA|ME|MD|MA|MI|MN|MS|MO|MT|NE|NV|NH|NJ|NM|NY|NC|ND|OH|OK|OR|PA|RI|SC|SD|TN|TX|UT|VT|VA|WA|WV|WI|WY";

// What follows a street on the same line: ", Springfield, IL 62701", ", 10115 Berlin" (at most three
// short comma-separated parts, not crossing a sentence end or a "|" separator).
const ADDRESS_TAIL = String.raw`(?:,[ \t]*[^,.;|·•\n]{0,39}[^,.;|·•\s]){0,3}`;
const street = (pattern: string) => new RegExp(pattern + ADDRESS_TAIL, "gu");

const ADDRESS_PATTERNS: RegExp[] = [
  // "12 Main Street", "221B Baker St.", "1600 Pennsylvania Avenue": a house number, one to four
  // capitalised words, a street type. Case-sensitive so that "3 way merge" stays.
  street(
    String.raw`(?<![\p{L}\p{N}])\d{1,5}[A-Za-z]?,?[ \t]+(?:\p{Lu}[\p{L}'’.-]*[ \t]+){1,4}(?:${STREET_TYPES.flatMap((w) => [w, w.toUpperCase()]).join("|")})\.?(?:[ \t]+(?:N|S|E|W|NE|NW|SE|SW)\.?)?(?![\p{L}\p{N}])`,
  ),
  // "12 rue de Rivoli", "5 Avenida Paulista".
  street(String.raw`(?<![\p{L}\p{N}])\d{1,5}[a-z]?,?[ \t]+(?:[Rr]ue|[Aa]venue|[Bb]oulevard|[Cc]hemin|[Aa]llée|[Ii]mpasse|[Qq]uai|[Vv]iale?|[Cc]alle|[Cc]arrer|[Rr]ua|[Aa]venida)(?:[ \t]+[\p{L}'’-]+){1,4}`),
  // "Calle Mayor 5", "Via Roma 10", "Rua Augusta 1500".
  street(String.raw`(?<![\p{L}\p{N}])(?:Calle|Carrer|Via|Viale|Rua|Avenida|Rue|Ulica)[ \t]+(?:[\p{L}'’.-]+[ \t]+){1,4}\d{1,5}(?![\p{N}])`),
  // "Hauptstraße 12", "Am Mühlenweg 3".
  street(String.raw`\p{Lu}[\p{L}-]*(?:straße|strasse|str\.|weg|gasse|platz|allee)[ \t]+\d{1,4}[a-z]?(?![\p{L}\p{N}])`),
  // Postcodes on their own: UK ("SW1A 1AA"), US state + ZIP ("IL 62701"), Canada ("K1A 0B1"). The
  // city before them stays: a city is not a person.
  /(?<![\p{L}\p{N}])[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}(?![\p{L}\p{N}])/gu,
  new RegExp(String.raw`(?<![\p{L}\p{N}])(?:${US_STATES})[ \t]+\d{5}(?:-\d{4})?(?![\p{N}])`, "gu"),
  /(?<![\p{L}\p{N}])[A-Z]\d[A-Z] ?\d[A-Z]\d(?![\p{L}\p{N}])/gu,
];

function removeAddresses(t: Tracked): Tracked {
  return ADDRESS_PATTERNS.reduce((s, pattern) => replaceTracked(s, pattern, REMOVED), t);
}

// --- Education: the school and the year ---------------------------------------------------------

const EDUCATION_HEADING = /^[ \t]*(?:education|education and training|academic background|academic history|studies|ausbildung|formation)[ \t]*:?[ \t]*$/iu;
// Any other section heading ends the education section: a known one, or a short line in capitals.
const OTHER_HEADING =
  /^[ \t]*(?:(?:work |professional )?experience|employment(?: history)?|skills|profile|summary|projects|languages|certifications?|publications|interests|references|awards|volunteering|contact|[\p{Lu}][\p{Lu} &/-]{2,40})[ \t]*:?[ \t]*$/u;
// A degree on a line marks it as education wherever it is. Dotted or unambiguous forms only: "MS Office" is no degree.
const DEGREE =
  /(?<![\p{L}])(?:B\.Sc\.?|BSc|B\.S\.|B\.A\.|BEng|B\.Eng\.?|M\.Sc\.?|MSc|M\.S\.|M\.A\.|MEng|M\.Eng\.?|MBA|Ph\.?D\.?|D\.Phil\.?|Bachelor|Master|Doctorate|Diploma|Class of|Graduated|Alumn(?:a|us|i|ae))(?![\p{L}])/u;
const CAPITALISED = String.raw`\p{Lu}[\p{L}'’.&-]*`;
const INSTITUTION_WORD = "University|College|Institute|Academy|Polytechnic|School|Universität|Hochschule|Université|Universidad|Università";
const INSTITUTION = new RegExp(
  String.raw`(?<![\p{L}])(?:(?:${CAPITALISED}[ \t]+){1,5}(?:${INSTITUTION_WORD})|(?:${INSTITUTION_WORD}))(?![\p{L}])` +
    String.raw`(?:[ \t]+(?:of|for|at|in|de|der|di|del)[ \t]+(?:the[ \t]+)?${CAPITALISED}(?:[ \t]+(?:and[ \t]+|&[ \t]+)?${CAPITALISED}){0,4})?`,
  "gu",
);
const YEAR = /(?<![\p{N}])(?:19|20)\d\d(?![\p{N}])/gu;

/** The [start, end) ranges of the lines that are about education: its section, and any line naming a degree. */
function educationLines(text: string): [number, number][] {
  const ranges: [number, number][] = [];
  let inSection = false;
  let at = 0;
  for (const line of text.split("\n")) {
    const end = at + line.length;
    if (EDUCATION_HEADING.test(line)) inSection = true;
    else if (OTHER_HEADING.test(line)) inSection = false;
    else if (inSection || DEGREE.test(line)) ranges.push([at, end]);
    at = end + 1;
  }
  return ranges;
}

function removeEducationMarkers(t: Tracked): Tracked {
  for (const pattern of [INSTITUTION, YEAR]) {
    const lines = educationLines(t.text);
    if (lines.length === 0) return t;
    // Binary search over the sorted ranges: a hostile text can have many lines and many matches.
    const inEducation = (offset: number) => {
      let lo = 0;
      let hi = lines.length - 1;
      while (lo <= hi) {
        const mid = (lo + hi) >> 1;
        const [start, end] = lines[mid]!;
        if (offset < start) hi = mid - 1;
        else if (offset >= end) lo = mid + 1;
        else return true;
      }
      return false;
    };
    t = replaceTracked(t, pattern, (...args: unknown[]) => {
      const match = args[0] as string;
      return inEducation(args.at(-2) as number) ? REMOVED : match;
    });
  }
  return t;
}

// --- Names ------------------------------------------------------------------------------------

/**
 * Accent-folds text code point by code point, keeping each one's UTF-16 length, so that an index in
 * the folded text is the same index in the original: "José" and "Jose" match each other and the
 * original spelling is what gets replaced.
 */
function fold(s: string): string {
  let out = "";
  for (const ch of s) {
    const folded = ch.normalize("NFD").replace(/\p{M}+/gu, "");
    out += folded.length === ch.length ? folded : ch;
  }
  return out;
}

// Credentials written after a name, and lower-case particles ("van der", "de la") that are common
// words on their own: they are removed as part of the full name, never alone.
const NOT_A_NAME_PART = new Set(["phd", "md", "mba", "msc", "bsc", "ba", "ma", "jr", "sr", "ii", "iii", "iv", "dr", "mr", "mrs", "ms", "prof"]);
const PARTICLES = new Set(["de", "la", "le", "da", "di", "do", "dos", "das", "du", "del", "della", "van", "von", "der", "den", "ter", "ten", "bin", "al", "el"]);
const letters = (s: string) => (s.match(/\p{L}/gu) ?? []).length;

function namePattern(part: string): string {
  return fold(part)
    .split("")
    .map((ch) => (/['’‘`ʼ]/.test(ch) ? "['’‘`ʼ]?" : /[-‐‑–]/.test(ch) ? "[-‐‑–\\s]?" : escapeRegExp(ch)))
    .join("");
}

function removeName(t: Tracked, name: string | null | undefined): Tracked {
  const words = (name ?? "").normalize("NFC").split(/[\s,]+/).filter((w) => letters(w) > 0);
  if (!words.length) return t;
  const parts = new Set<string>();
  words.forEach((word, i) => {
    const lower = fold(word).toLowerCase().replace(/\./g, "");
    if (NOT_A_NAME_PART.has(lower) || (i > 0 && PARTICLES.has(lower))) return;
    if (letters(word) >= 2) parts.add(word);
    // "Jean-Luc" → also "Jean", "Luc"; "O'Neill" → also "Neill".
    for (const piece of word.split(/[-‐‑–'’‘`ʼ]/)) if (letters(piece) >= 2 && !PARTICLES.has(fold(piece).toLowerCase())) parts.add(piece);
  });
  const boundary = (p: string) => String.raw`(?<![\p{L}\p{N}])(?:${p})(?![\p{L}\p{N}])`;
  // The full name first, so "Marcus O'Neill" becomes one "[removed]"; then each part, longest first.
  const patterns = [
    words.map(namePattern).join(String.raw`[\s.,]+`),
    ...[...parts].sort((a, b) => b.length - a.length || a.localeCompare(b)).map(namePattern),
  ];
  for (const p of patterns) t = replaceFolded(t, new RegExp(boundary(p), "giu"));
  return t;
}

function replaceFolded(t: Tracked, pattern: RegExp): Tracked {
  const edits: Edit[] = [...fold(t.text).matchAll(pattern)].map((m) => ({ at: m.index, match: t.text.slice(m.index, m.index + m[0].length), replacement: REMOVED }));
  return edits.length ? applyEdits(t, edits) : t;
}

/** "marcus-oneill" from linkedin.com/in/marcus-oneill, wherever it still appears on its own. */
function removeProfileSlug(t: Tracked, linkedin: string | null | undefined): Tracked {
  const slug = /\/(?:in|pub)\/([^/?#\s]+)/i.exec(linkedin ?? "")?.[1];
  if (!slug || slug.length < 3) return t;
  return replaceTracked(t, new RegExp(String.raw`(?<![\p{L}\p{N}_.-])${escapeRegExp(slug)}(?![\p{L}\p{N}_])`, "giu"), REMOVED);
}

// --- Pronouns and titles ----------------------------------------------------------------------

// After object "her" comes a preposition, a conjunction, an article or punctuation ("told her that",
// "with her."); before a noun it is possessive ("her team").
const OBJECT_FOLLOWERS = new Set([
  "to", "and", "or", "but", "in", "on", "at", "for", "with", "from", "by", "about", "as", "that", "the", "a", "an",
  "into", "over", "up", "out", "off", "after", "before", "during", "since", "until", "when", "while", "because", "if",
  "so", "then", "again", "too", "also", "last", "first", "this", "these", "those", "how", "what", "why",
  // Adverbs and prepositions after an object ("promoted her twice", "sent her back"): "him" reads "them" there too.
  "twice", "once", "back", "down", "away", "around", "through", "across", "under", "within", "without", "among",
  "between", "against", "toward", "towards", "via", "per", "onto", "upon", "than", "yet", "nor", "just", "only",
  "even", "still", "here", "there", "today", "yesterday", "early", "later", "well", "directly", "personally",
  "immediately", "quickly", "regularly", "often", "every", "each", "where", "who", "whom", "which", "whenever",
]);

function matchCase(template: string, word: string): string {
  if (template.length > 1 && template === template.toUpperCase()) return word.toUpperCase();
  if (template[0] === template[0]!.toUpperCase()) return word[0]!.toUpperCase() + word.slice(1);
  return word;
}

const NEUTRAL: Array<[RegExp, Replacer]> = [
  [/\b(he|she)(['’])s\b/gi, (_m, w: string, q: string) => matchCase(w, "they") + q + "re"],
  [/\b(himself|herself)\b/gi, (w) => matchCase(w, "themself")],
  [/\b(he|she)\b/gi, (w) => matchCase(w, "they")],
  [/\b(him)\b/gi, (w) => matchCase(w, "them")],
  [/\b(hers)\b/gi, (w) => matchCase(w, "theirs")],
  [/\b(his)\b(?=\s*(?:[.,;:!?)]|$))/gim, (w) => matchCase(w, "theirs")],
  [/\b(his)\b/gi, (w) => matchCase(w, "their")],
  [
    /\b(her)\b([ \t]*)([\p{L}']*)/giu,
    (_m, w: string, space: string, next: string) => matchCase(w, !next || OBJECT_FOLLOWERS.has(next.toLowerCase()) ? "them" : "their") + space + next,
  ],
  // Titles before a name; case-sensitive so that "MS Office" stays.
  [/\b(?:Mr|Mrs|Ms|Miss)\b\.?(?=[ \t]+(?:\p{Lu}|\[removed\]))/gu, "Mx"],
];

function neutralise(t: Tracked): Tracked {
  return NEUTRAL.reduce((s, [pattern, replacer]) => replaceTracked(s, pattern, replacer), t);
}

function tidy(t: Tracked): Tracked {
  // Trailing blanks of each line go ("m": $ before every line end).
  return replaceTracked(replaceTracked(t, /\[removed\](?:[ \t,]+\[removed\])+/g, REMOVED), /[ \t]+$/gm, "");
}
