// Taking apart the header of an experience or education entry ("Lead Engineer, Northwind Logistics,
// London", "Senior Product Designer — Fabrikam Health, New York, NY"): parts, location, title, organisation.
import { findLocation } from "./location.ts";

/** Bullets, including the private-use glyphs Word's Symbol/Wingdings bullets come out as. */
export const BULLET = /^[•·●▪◦‣∙*>\-–—\uF000-\uF8FF]+\s*/u;

// Between the parts of a header: "|", "·", an em dash, a spaced hyphen/en dash, a column gap, " at ".
const PART_SEPARATOR = /\s*[|·•●▪◦∙—]\s*|\s+[-–]\s+|\s{2,}|\s+(?:at|@)\s+/u;
const LABEL = /^(?:job title|title|position|role|company|employer|organi[sz]ation|client|location|degree|school|institution)\s*:\s*/i;
// "Acme, Inc." is one organisation, not an organisation and a town called "Inc.". Case-sensitive, so
// that the state codes "CO" and "NV" stay places.
const LEGAL_SUFFIX = /^(?:Inc|INC|LLC|LLP|Ltd|LTD|Limited|PLC|plc|GmbH|AG|B\.V|N\.V|S\.A|SARL|S\.r\.l|SpA|S\.p\.A|Corp|Co|Pty Ltd)\.?$/;

/** Words that make a part a job title rather than an employer or a place. */
export const ROLE_WORDS =
  /\b(?:engineer|developer|programmer|designer|manager|consultant|analyst|scientist|director|architect|specialist|intern|officer|administrator|assistant|associate|coordinator|technician|lead|head|senior|junior|principal|staff|chief|vp|vice president|president|founder|co-founder|cto|ceo|cfo|coo|cio|owner|researcher|lecturer|professor|teacher|tutor|nurse|accountant|writer|editor|trainee|apprentice|representative|executive|recruiter|advisor|adviser|supervisor|strategist|marketer|producer|product owner|scrum master|freelancer?|contractor|volunteer|fellow|operator|agent|clerk|attorney|lawyer|paralegal|physician|doctor|pharmacist|therapist|chef|cook|barista|cashier|waiter|waitress|server|driver|mechanic|electrician|carpenter)s?\b/i;

/** Words that make a part an organisation rather than a place. */
export const ORG_WORDS =
  /\b(?:inc|llc|ltd|limited|plc|gmbh|corp|corporation|company|co|group|holdings|bank|health|healthcare|hospital|clinic|labs?|logistics|payments|systems|solutions|technologies|technology|tech|software|consulting|consultancy|partners|agency|studios?|media|capital|ventures|foundation|trust|council|ministry|department|government|services|university|college|school|institute|academy|team|airlines?|insurance|energy|retail|games|digital|analytics|networks?|industries|international|global)\b/i;

const PLACE = /^\p{Lu}[\p{L}\p{M}.'’-]*(?: (?:\p{Lu}[\p{L}\p{M}.'’-]*|[a-z]{1,4})){0,3}$/u;
const REGION_CODE = /^[A-Z]{2}(?: \d{5}(?:-\d{4})?)?$/;
const MAX_PART_CHARS = 120;
const MAX_PART_WORDS = 12;

/** Header text as groups (split at strong separators) of comma-separated parts. */
export function headerGroups(text: string): string[][] {
  const groups: string[][] = [];
  for (const chunk of text.split(PART_SEPARATOR)) {
    const parts: string[] = [];
    for (const raw of chunk.split(",")) {
      const part = cleanPart(raw);
      if (!part) continue;
      const previous = parts.length - 1;
      if (previous >= 0 && LEGAL_SUFFIX.test(part)) parts[previous] = `${parts[previous]}, ${part}`;
      else parts.push(part);
    }
    // Prose is a description that shares the line, not a header part.
    const kept = parts.filter((part) => part.length <= MAX_PART_CHARS && part.split(" ").length <= MAX_PART_WORDS);
    if (kept.length > 0) groups.push(kept);
  }
  return groups;
}

function cleanPart(raw: string): string {
  const part = raw
    .replace(BULLET, "")
    .replace(LABEL, "")
    .replace(/^[\s([{"'“]+/u, "")
    .replace(/[\s)\]}"'”(,;:–—-]+$/u, "")
    .replace(/\s+/g, " ");
  // "London." ends a sentence; "Inc." and "Jr." keep their dots.
  return /\p{L}{4,}\.$/u.test(part) ? part.slice(0, -1) : part;
}

function isCityLike(part: string): boolean {
  return part.length >= 3 && part.length <= 40 && PLACE.test(part) && !isAllUpper(part) && !ROLE_WORDS.test(part) && !ORG_WORDS.test(part);
}

function isAllUpper(part: string): boolean {
  return !/\p{Ll}/u.test(part);
}

/** "City, ST", "City, Country", "City, ON, Canada" per location.ts; null if the parts are not a place. */
function asPlace(parts: readonly string[]): string | null {
  const joined = parts.join(", ");
  const found = findLocation([joined]);
  return found && found.startsWith(`${parts[0]},`) && !ORG_WORDS.test(parts[0] ?? "") ? found : null;
}

/**
 * Takes the location off the end of one of the groups (the last group that ends in one). A lone city
 * ("London") or a "City, Country" pair only counts when at least two other parts are left for the title
 * and organisation, since otherwise it is more likely an employer's name; "City, ST" and "Remote" always do.
 */
export function takeLocation(groups: readonly string[][]): { location: string | null; rest: string[][] } {
  const total = groups.reduce((sum, group) => sum + group.length, 0);
  for (let g = groups.length - 1; g >= 0; g--) {
    const group = groups[g] ?? [];
    const n = group.length;
    let location: string | null = null;
    let used = 0;
    const last = group[n - 1] ?? "";
    const beforeLast = group[n - 2] ?? "";
    if (n >= 3 && REGION_CODE.test(beforeLast)) {
      location = asPlace(group.slice(n - 3));
      used = location ? 3 : 0;
    }
    if (!location && n >= 2) {
      const place = asPlace(group.slice(n - 2));
      if (place && (REGION_CODE.test(last) || total - 2 >= 2)) {
        location = place;
        used = 2;
      }
    }
    if (!location && /^remote$/i.test(last)) {
      location = "Remote";
      used = 1;
    }
    if (!location && isCityLike(last) && total - 1 >= 2) {
      location = last;
      used = 1;
    }
    if (location) {
      const rest = groups.map((other, index) => (index === g ? other.slice(0, n - used) : other)).filter((other) => other.length > 0);
      return { location, rest };
    }
  }
  return { location: null, rest: groups.map((group) => [...group]) };
}

/**
 * Which part is the job title and which the organisation: the first part with a role word is the
 * title and the first other part the organisation; without a role word the order decides (title
 * first), unless the first part is plainly an organisation.
 */
export function titleAndOrganization(parts: readonly string[]): { title: string | null; organization: string | null } {
  if (parts.length === 0) return { title: null, organization: null };
  let titleIndex = parts.findIndex((part) => ROLE_WORDS.test(part));
  if (titleIndex < 0) {
    const first = parts[0] ?? "";
    if (ORG_WORDS.test(first)) titleIndex = parts.length > 1 ? 1 : -1;
    else titleIndex = 0;
  }
  const title = titleIndex >= 0 ? (parts[titleIndex] ?? null) : null;
  const organization = parts.find((_, index) => index !== titleIndex) ?? null;
  return { title, organization };
}

/**
 * A line that can be (part of) an entry header: not a bullet, short, not a sentence, not a
 * lower-case continuation of the line before.
 */
export function isHeaderLine(line: string): boolean {
  if (BULLET.test(line) || line.length > 100) return false;
  if (line.split(/\s+/).length > MAX_PART_WORDS) return false;
  if (/\.$/.test(line) && !/\b(?:inc|ltd|co|corp|llc|plc|jr|sr|st)\.$/i.test(line)) return false;
  return /^[\p{Lu}\p{N}]/u.test(line);
}
