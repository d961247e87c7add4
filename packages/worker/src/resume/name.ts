import { isAllCaps, isDocumentTitle, isKnownSection, isSectionHeading, segments } from "./text.ts";

/** How far down a name may appear: past a title line and a photo caption, but before the sections. */
const NAME_SEARCH_LINES = 8;

const PARTICLES = new Set(["van", "von", "der", "den", "de", "da", "das", "do", "dos", "del", "della", "di", "du", "la", "le", "bin", "binti", "al", "el", "ter", "ten", "y"]);

const CREDENTIALS = /,\s*(?:ph\.?\s?d\.?|mba|m\.?d\.?|msc|m\.?s\.?|m\.?a\.?|meng|bsc|b\.?s\.?|b\.?a\.?|cpa|cfa|pmp|p\.?e\.?|p\.?eng|rn|esq\.?|jr\.?|sr\.?|ii|iii|iv|cissp)(?:\s*,\s*[\p{L}.]{1,6})*$/iu;

/** Words that make a top line a headline ("Senior Product Designer"), not a person. */
const ROLE_WORDS = /\b(?:engineer|developer|designer|manager|consultant|analyst|scientist|director|architect|specialist|intern|officer|administrator|assistant|coordinator|technician|lead|senior|junior|freelance|portfolio|page|confidential)\b/i;

export function findName(lines: readonly string[]): string | null {
  for (const line of lines.slice(0, NAME_SEARCH_LINES)) {
    if (isDocumentTitle(line)) continue;
    if (isKnownSection(line)) return null; // the header block is over
    const first = segments(line)[0];
    if (!first) continue;
    const name = asName(first);
    if (name) return name;
    if (isSectionHeading(line)) return null;
  }
  return null;
}

function asName(segment: string): string | null {
  if (/[@\d/\\]|https?:|www\.|linkedin/i.test(segment)) return null;
  const candidate = segment.replace(/^name\s*:\s*/i, "").replace(CREDENTIALS, "").trim();
  if (candidate.includes(",") || candidate.length > 60 || ROLE_WORDS.test(candidate)) return null;
  const tokens = candidate.split(/\s+/);
  if (tokens.length < 2 || tokens.length > 5) return null;
  if (!tokens.every((token) => /^\p{L}[\p{L}\p{M}'’.-]*$/u.test(token))) return null;

  // Names written in capitals are common in headers; everything else must be capitalised like a name.
  if (isAllCaps(candidate)) return tokens.map(titleCase).join(" ");
  const capitalised = tokens.every((token) => /^\p{Lu}/u.test(token) || PARTICLES.has(token.toLowerCase()));
  return capitalised && /^\p{Lu}/u.test(tokens[0] ?? "") ? tokens.join(" ") : null;
}

/** "O'NEILL" → "O'Neill", "JEAN-LUC" → "Jean-Luc", "VAN" → "Van". */
function titleCase(token: string): string {
  return token
    .toLowerCase()
    .replace(/(^|[-'’])(\p{Ll})/gu, (_match, before: string, letter: string) => before + letter.toUpperCase());
}
