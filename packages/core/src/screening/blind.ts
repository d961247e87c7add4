import { type ScreeningPerson } from "./types.ts";

/**
 * Blind screening: what an engine (local or a language model) sees is the resume text without who
 * wrote it. Removed: the person's name, any e-mail, any phone number, profile URLs (LinkedIn and
 * the like) and street addresses; gendered pronouns and titles become neutral, so that the same
 * resume from "him" or "her" reads the same. Deterministic: the same input gives the same text,
 * which is what `inputHash` and the fairness guarantees rest on.
 */
export const REMOVED = "[removed]";

export type BlindPerson = Partial<ScreeningPerson>;

export function blindText(text: string, people: BlindPerson | readonly BlindPerson[] = []): string {
  const persons: readonly BlindPerson[] = Array.isArray(people) ? people : [people as BlindPerson];
  let t = text.normalize("NFC").replace(/\r\n?/g, "\n");
  t = removeUrls(t);
  t = t.replace(EMAIL, REMOVED);
  for (const person of persons) t = removeKnownPhone(t, person.phone);
  t = removePhones(t);
  t = removeAddresses(t);
  // The slug before the name: "marcus-oneill" holds the name's parts.
  for (const person of persons) t = removeProfileSlug(t, person.linkedin);
  for (const person of persons) t = removeName(t, person.name);
  t = neutralise(t);
  return tidy(t);
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

function removeUrls(t: string): string {
  return t
    .replace(URL_PATTERN, (url) => {
      // Sentence punctuation after a URL is not part of it.
      const trailing = /[.,;:!?)\]]+$/.exec(url)?.[0] ?? "";
      return REMOVED + trailing;
    })
    .replace(PROFILE_LABEL, (_m, label: string, sep: string) => `${label}${sep}${REMOVED}`);
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

function removePhones(t: string): string {
  // A sentence end (". ") or a wide gap ends a number: "…555 2671. 2019-03-15" is two runs.
  return t.replace(PHONE_CANDIDATE, (match) =>
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
function removeKnownPhone(t: string, phone: string | null | undefined): string {
  const digits = (phone ?? "").replace(/\D/g, "");
  if (digits.length < 7) return t;
  const tail = digits.slice(-8).split("").join(String.raw`[ \t.()-]*`);
  const pattern = new RegExp(String.raw`(?<![\p{N}])(?:\+[ \t]?)?(?:\(?\d{1,4}\)?[ \t.-]*){0,3}${tail}(?![\p{N}])`, "gu");
  return t.replace(pattern, REMOVED);
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

function removeAddresses(t: string): string {
  return ADDRESS_PATTERNS.reduce((s, pattern) => s.replace(pattern, REMOVED), t);
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

function removeName(t: string, name: string | null | undefined): string {
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

function replaceFolded(t: string, pattern: RegExp): string {
  const folded = fold(t);
  let out = "";
  let last = 0;
  for (const m of folded.matchAll(pattern)) {
    out += t.slice(last, m.index) + REMOVED;
    last = m.index + m[0].length;
  }
  return out + t.slice(last);
}

/** "marcus-oneill" from linkedin.com/in/marcus-oneill, wherever it still appears on its own. */
function removeProfileSlug(t: string, linkedin: string | null | undefined): string {
  const slug = /\/(?:in|pub)\/([^/?#\s]+)/i.exec(linkedin ?? "")?.[1];
  if (!slug || slug.length < 3) return t;
  return t.replace(new RegExp(String.raw`(?<![\p{L}\p{N}_.-])${escapeRegExp(slug)}(?![\p{L}\p{N}_])`, "giu"), REMOVED);
}

// --- Pronouns and titles ----------------------------------------------------------------------

// After object "her" comes a preposition, a conjunction, an article or punctuation ("told her that",
// "with her."); before a noun it is possessive ("her team").
const OBJECT_FOLLOWERS = new Set([
  "to", "and", "or", "but", "in", "on", "at", "for", "with", "from", "by", "about", "as", "that", "the", "a", "an",
  "into", "over", "up", "out", "off", "after", "before", "during", "since", "until", "when", "while", "because", "if",
  "so", "then", "again", "too", "also", "last", "first", "this", "these", "those", "how", "what", "why",
]);

function matchCase(template: string, word: string): string {
  if (template.length > 1 && template === template.toUpperCase()) return word.toUpperCase();
  if (template[0] === template[0]!.toUpperCase()) return word[0]!.toUpperCase() + word.slice(1);
  return word;
}

function neutralise(t: string): string {
  return t
    .replace(/\b(he|she)(['’])s\b/gi, (_m, w: string, q: string) => matchCase(w, "they") + q + "re")
    .replace(/\b(himself|herself)\b/gi, (w) => matchCase(w, "themself"))
    .replace(/\b(he|she)\b/gi, (w) => matchCase(w, "they"))
    .replace(/\b(him)\b/gi, (w) => matchCase(w, "them"))
    .replace(/\b(hers)\b/gi, (w) => matchCase(w, "theirs"))
    .replace(/\b(his)\b(?=\s*(?:[.,;:!?)]|$))/gim, (w) => matchCase(w, "theirs"))
    .replace(/\b(his)\b/gi, (w) => matchCase(w, "their"))
    .replace(/\b(her)\b([ \t]*)([\p{L}']*)/giu, (_m, w: string, space: string, next: string) =>
      matchCase(w, !next || OBJECT_FOLLOWERS.has(next.toLowerCase()) ? "them" : "their") + space + next,
    )
    // Titles before a name; case-sensitive so that "MS Office" stays.
    .replace(/\b(?:Mr|Mrs|Ms|Miss)\b\.?(?=[ \t]+(?:\p{Lu}|\[removed\]))/gu, "Mx");
}

function tidy(t: string): string {
  return t
    .replace(/\[removed\](?:[ \t,]+\[removed\])+/g, REMOVED)
    .split("\n")
    .map((line) => line.replace(/[ \t]+$/, ""))
    .join("\n");
}
