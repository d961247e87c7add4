/**
 * Skill matching of the local engine: the parsed skills list and the whole (blind) resume text,
 * case-insensitive, on word boundaries, with a small alias table. Written for the names that break
 * naive matching: "Go" (an English verb, a prefix of "Google"), "C++", "C#", ".NET", "Node.js".
 */

/** Each group is one skill; the first name is how it is shown. */
const ALIAS_GROUPS: readonly (readonly string[])[] = [
  ["Go", "Golang"],
  ["PostgreSQL", "Postgres"],
  ["Kubernetes", "k8s"],
  ["JavaScript", "JS", "ECMAScript"],
  ["TypeScript", "TS"],
  ["Node.js", "NodeJS", "Node"],
  ["React", "React.js", "ReactJS"],
  ["Vue", "Vue.js", "VueJS"],
  ["Next.js", "NextJS"],
  ["C#", "CSharp", "C Sharp"],
  ["C++", "CPP"],
  [".NET", "dotnet", "ASP.NET", ".NET Core"],
  ["AWS", "Amazon Web Services"],
  ["GCP", "Google Cloud", "Google Cloud Platform"],
  ["Azure", "Microsoft Azure"],
  ["MongoDB", "Mongo"],
  ["Elasticsearch", "Elastic Search"],
  ["SQL Server", "MSSQL", "MS SQL"],
  ["Machine Learning", "ML"],
  ["CI/CD", "CICD"],
  ["Ruby on Rails", "Rails", "RoR"],
  ["Objective-C", "ObjC"],
  ["UX", "User Experience"],
];

/**
 * Names that are also ordinary words or letters. In running text they count only when written
 * with a capital ("Go", not "go"), not hyphen-joined ("Go-Live", "go-to-market", "C-level",
 * "Objective-C" is not C) and not in a verb phrase ("Go to market", "ready to Go"). In the parsed
 * skills list only the last two rules apply: a list item is a skill name whatever its case.
 */
const AMBIGUOUS = new Set(["go", "node", "rails", "swift", "rust", "dart", "spring", "chef", "puppet", "elm", "express", "flask", "r", "c", "d"]);
const VERB_FOLLOWERS = new Set([
  "to", "live", "ahead", "back", "out", "into", "through", "beyond", "forward", "getter", "getters", "up", "down", "away",
  "home", "wrong", "viral", "public",
]);
const VERB_PRECEDERS = new Set(["to", "let's", "lets", "let", "will", "would", "can", "could", "must", "should", "ready", "gonna", "i", "we", "you"]);

const MAX_QUOTE = 160;

const normalise = (s: string) => s.normalize("NFC").trim().replace(/\s+/g, " ").toLowerCase();
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
const isWordChar = (ch: string | undefined) => ch !== undefined && /[\p{L}\p{N}]/u.test(ch);

/** The names of a skill: its alias group, or the skill alone. */
export function skillAliases(skill: string): string[] {
  const key = normalise(skill);
  const group = ALIAS_GROUPS.find((g) => g.some((name) => normalise(name) === key));
  return group ? [...group] : [skill.trim()];
}

function aliasPattern(alias: string): RegExp {
  const body = alias.trim().split(/\s+/).map(escapeRegExp).join(String.raw`\s+`);
  const first = alias.trim()[0];
  const last = alias.trim().slice(-1);
  // Before: no letter or digit, and not ".x" of "Vue.js" (else "JS" would be found there).
  // After: no letter or digit, no "++"/"#" ("C" in "C++"), and not ".js" ("Node" in "Node.js").
  // A name that starts or ends with a symbol (".NET", "C++") brings its own boundary on that side,
  // so "ASP.NET" holds ".NET" and "C++17" holds "C++".
  const before = isWordChar(first) ? String.raw`(?<![\p{L}\p{N}_@#&]|[\p{L}\p{N}]\.)` : "";
  const after = isWordChar(last) ? String.raw`(?![\p{L}\p{N}_+#&]|\.[\p{L}\p{N}])` : String.raw`(?![+#])`;
  return new RegExp(`${before}${body}${after}`, "giu");
}

function wordBefore(text: string, index: number): string {
  return /([\p{L}']+)[ \t]+$/u.exec(text.slice(Math.max(0, index - 30), index))?.[1]?.toLowerCase() ?? "";
}

function wordAfter(text: string, end: number): string {
  return /^[ \t]+([\p{L}']+)/u.exec(text.slice(end, end + 30))?.[1]?.toLowerCase() ?? "";
}

/** Whether a match of an ambiguous name reads as the skill rather than the word. */
function readsAsSkill(text: string, index: number, match: string, caseMatters: boolean): boolean {
  if (caseMatters && match === match.toLowerCase()) return false;
  const end = index + match.length;
  if (/^-\p{L}/u.test(text.slice(end, end + 2)) || /\p{L}-$/u.test(text.slice(Math.max(0, index - 2), index))) return false;
  return !VERB_FOLLOWERS.has(wordAfter(text, end)) && !VERB_PRECEDERS.has(wordBefore(text, index));
}

interface Found {
  index: number;
  length: number;
}

function findIn(text: string, aliases: readonly string[], caseMatters: boolean): Found | null {
  let best: Found | null = null;
  for (const alias of aliases) {
    const ambiguous = AMBIGUOUS.has(normalise(alias));
    for (const m of text.matchAll(aliasPattern(alias))) {
      if (ambiguous && !readsAsSkill(text, m.index, m[0], caseMatters)) continue;
      if (!best || m.index < best.index) best = { index: m.index, length: m[0].length };
      break;
    }
  }
  return best;
}

/** The line of the match, or up to MAX_QUOTE characters around it, whitespace collapsed. */
export function quoteAround(text: string, index: number, length: number): string {
  const lineStart = text.lastIndexOf("\n", index - 1) + 1;
  const nextBreak = text.indexOf("\n", index + length);
  const lineEnd = nextBreak === -1 ? text.length : nextBreak;
  const line = text.slice(lineStart, lineEnd).replace(/\s+/g, " ").trim();
  if (line.length <= MAX_QUOTE) return line;
  const room = Math.max(0, Math.floor((MAX_QUOTE - 2 - length) / 2));
  let start = Math.max(lineStart, index - room);
  let end = Math.min(lineEnd, index + length + room);
  // Cut on word boundaries; the ellipses count towards the limit.
  if (start > lineStart) {
    const space = text.indexOf(" ", start);
    if (space !== -1 && space < index) start = space + 1;
  }
  if (end < lineEnd) {
    const space = text.lastIndexOf(" ", end);
    if (space >= index + length) end = space;
  }
  const quote = `${start > lineStart ? "…" : ""}${text.slice(start, end).replace(/\s+/g, " ").trim()}${end < lineEnd ? "…" : ""}`;
  return quote.length <= MAX_QUOTE ? quote : quote.slice(0, MAX_QUOTE - 1) + "…";
}

export interface SkillSources {
  /** The parsed skills list. */
  skills: readonly string[];
  /** The blind resume text: what is searched. */
  text: string;
  /**
   * Quotes a match at [index, index + length) of `text` for a person to read: the local engine maps
   * it back to the resume as written (evidence.ts). Default: the line of `text` (quoteAround).
   */
  quote?: (index: number, length: number) => { evidence: string; match: string };
}

export interface SkillFinding {
  met: boolean;
  evidence: string;
  /** The words that matched, as quoted (absent when nothing matched). */
  match?: string;
}

export function findSkill(skill: string, { skills, text, quote }: SkillSources): SkillFinding {
  const aliases = skillAliases(skill);
  const inText = findIn(text, aliases, true);
  if (inText) {
    if (quote) return { met: true, ...quote(inText.index, inText.length) };
    return { met: true, evidence: quoteAround(text, inText.index, inText.length), match: text.slice(inText.index, inText.index + inText.length) };
  }
  const wanted = new Set(aliases.map(normalise));
  const listed = skills.find((item) => wanted.has(normalise(item)) || findIn(item, aliases, false));
  if (listed !== undefined) {
    const item = listed.trim().slice(0, MAX_QUOTE - 14);
    return { met: true, evidence: `Listed skill: ${item}`, match: item };
  }
  const names = aliases.length > 1 ? `${aliases[0]} (or ${aliases.slice(1).join(", ")})` : aliases[0];
  return { met: false, evidence: `No mention of ${names} in the resume` };
}
