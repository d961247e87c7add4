/** Blinding passes for who the person is (blind.ts): education markers, names and profile slugs, gendered pronouns and titles. */
import { applyEdits, type Edit, escapeRegExp, type Replacer, REMOVED, replaceTracked, type Tracked } from "./blind-tracked.ts";

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

export function removeEducationMarkers(t: Tracked): Tracked {
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

export function removeName(t: Tracked, name: string | null | undefined): Tracked {
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
export function removeProfileSlug(t: Tracked, linkedin: string | null | undefined): Tracked {
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

export function neutralise(t: Tracked): Tracked {
  return NEUTRAL.reduce((s, [pattern, replacer]) => replaceTracked(s, pattern, replacer), t);
}
