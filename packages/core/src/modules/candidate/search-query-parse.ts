import { type ServiceContext } from "../../kernel/context.ts";

/** The search box's text as the SQL of search.ts needs it: normalised (accents, case, punctuation) and split. */
export interface ParsedQuery {
  /** The normalised text ("José O'Neill" → "jose oneill"); may be empty ("!!!"). */
  normalized: string;
  /** Its words. */
  words: string[];
  /**
   * to_tsquery input: every word, the last one (3+ characters) also by its beginning, as it is
   * being typed: 'python' & ('djan' | 'djan':*). Whole words let the index skip through long
   * posting lists; a prefix reads every word it expands to, so only the last word is one. The exact
   * alternative matches nothing more than the prefix, but PostgreSQL estimates how common an exact
   * word is far better, and picks the plan by it (for a common skill: walk the newest rows).
   */
  tsquery: string | null;
  /** LIKE pattern for e-mails (text without spaces, 3+ characters). */
  emailPattern: string | null;
  /** LIKE pattern for phone digits (text of digits and phone punctuation, 4+ digits). */
  phonePattern: string | null;
}

export const escapeLike = (text: string) => text.replace(/[\\%_]/g, "\\$&");

/** A word that may be misspelt: 4+ characters with a letter (not a number, not an initial). */
export const fuzzy = (word: string) => word.length >= 4 && /\p{L}/u.test(word);

/**
 * search_normalize() of a text that is plain ASCII, without asking the database: unaccent changes
 * no ASCII character, so it is lower case, apostrophes and backticks dropped, every run of other
 * punctuation, symbols, white space and control characters one space, trimmed (what the function's
 * [[:space:][:punct:][:cntrl:]] means for ASCII). Anything else goes to PostgreSQL.
 * candidate-search.test.ts compares the two.
 */
export function normalizeAscii(text: string): string | null {
  if (!/^[\x00-\x7f]*$/.test(text)) return null;
  return text
    .toLowerCase()
    .replace(/['`]+/g, "")
    .replace(/[\x00-\x20!-/:-@[-`{-\x7f]+/g, " ")
    .trim();
}

export async function normalizeSearchText(svc: ServiceContext, text: string): Promise<string> {
  const ascii = normalizeAscii(text);
  if (ascii !== null) return ascii;
  const [row] = await svc.db.$queryRaw<{ normalized: string | null }[]>`SELECT public.search_normalize(${text}) AS normalized`;
  return row?.normalized ?? "";
}

export async function parseQuery(svc: ServiceContext, text: string): Promise<ParsedQuery> {
  const normalized = await normalizeSearchText(svc, text);
  const words = normalized.split(" ").filter(Boolean);
  // The words hold no quote or backslash (search_normalize turns punctuation into spaces): quoting them is safe.
  const tsquery = words.length ? words.map((w, i) => (i === words.length - 1 && w.length >= 3 ? `('${w}' | '${w}':*)` : `'${w}'`)).join(" & ") : null;
  const digits = /^[+\d\s().\-/]+$/.test(text) ? text.replace(/\D/g, "").replace(/^0+/, "") : "";
  return {
    normalized,
    words,
    tsquery,
    emailPattern: !/\s/.test(text) && text.length >= 3 ? `%${escapeLike(text.toLowerCase())}%` : null,
    phonePattern: digits.length >= 4 ? `%${digits}%` : null,
  };
}
