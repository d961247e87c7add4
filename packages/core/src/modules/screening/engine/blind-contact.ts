/** Blinding passes for how to reach the person (blind.ts): URLs and profiles, e-mails, phone numbers, street addresses. */
import { escapeRegExp, REMOVED, replaceTracked, type Tracked } from "./blind-tracked.ts";

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

// Any scheme or www URL goes (a personal site names its owner); bare hosts only for known profile
// sites, because "Node.js/TypeScript" is also word.word/word.
const URL_PATTERN = new RegExp(
  String.raw`(?:\b(?:https?:\/\/|www\.)|(?<![\p{L}\p{N}.-])(?:[a-z]{2,3}\.)?(?:${PROFILE_HOSTS.map(escapeRegExp).join("|")})\/)[^\s<>"'|·•,]*`,
  "giu",
);
// "LinkedIn: jane-doe", "GitHub - jdoe": a handle after a profile label.
const PROFILE_LABEL = /\b(linkedin|github|gitlab|twitter|instagram|behance|dribbble|skype|telegram)([ \t]*:[ \t]*)(?!\[removed\])@?[\p{L}\p{N}._-]{2,}/giu;

export function removeUrls(t: Tracked): Tracked {
  t = replaceTracked(t, URL_PATTERN, (url) => {
    // Sentence punctuation after a URL is not part of it.
    const trailing = /[.,;:!?)\]]+$/.exec(url)?.[0] ?? "";
    return REMOVED + trailing;
  });
  return replaceTracked(t, PROFILE_LABEL, (_m, label: string, sep: string) => `${label}${sep}${REMOVED}`);
}

// Starts only where a run of address characters starts: otherwise every position of a long
// "a-b-c-…" run would rescan the run for an "@" (quadratic).
export const EMAIL = /(?<![\p{L}\p{N}._%+-])[\p{L}\p{N}._%+-]{1,64}@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}{2,}/gu;

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

export function removePhones(t: Tracked): Tracked {
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
export function removeKnownPhone(t: Tracked, phone: string | null | undefined): Tracked {
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

export function removeAddresses(t: Tracked): Tracked {
  return ADDRESS_PATTERNS.reduce((s, pattern) => replaceTracked(s, pattern, REMOVED), t);
}
