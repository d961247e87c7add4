/** A piece of a text: marked when it is an occurrence of what is highlighted. */
export interface TextPart {
  text: string;
  mark: boolean;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const isWordChar = (ch: string | undefined) => ch !== undefined && /[\p{L}\p{N}]/u.test(ch);

/**
 * `text` cut at every occurrence of `match` (case-insensitive, as a whole word: "Go" is not marked
 * in "Google"), each occurrence marked: evidence with the words a criterion matched
 * (CriterionResult.match) picked out. No match given, or none found: the text as one plain part.
 * Plain strings only, so the caller renders them as text.
 */
export function highlightParts(text: string, match: string | null | undefined): TextPart[] {
  const wanted = match?.trim();
  if (!wanted) return [{ text, mark: false }];
  // Any run of whitespace matches any other: a quote may wrap where the match did not.
  const body = wanted.split(/\s+/).map(escapeRegExp).join("\\s+");
  // A name that starts or ends with a symbol ("C++", ".NET") brings its own boundary on that side.
  const before = isWordChar(wanted[0]) ? "(?<![\\p{L}\\p{N}])" : "";
  const after = isWordChar(wanted.at(-1)) ? "(?![\\p{L}\\p{N}])" : "";
  const pattern = new RegExp(`${before}${body}${after}`, "giu");
  const parts: TextPart[] = [];
  let at = 0;
  for (const found of text.matchAll(pattern)) {
    if (found.index > at) parts.push({ text: text.slice(at, found.index), mark: false });
    parts.push({ text: found[0], mark: true });
    at = found.index + found[0].length;
  }
  if (at < text.length || parts.length === 0) parts.push({ text: text.slice(at), mark: false });
  return parts;
}
