import { type CountryCode, findPhoneNumbersInText, isSupportedCountry } from "libphonenumber-js/max";
import { experienceYears } from "./dates.ts";
import { findEducation } from "./education.ts";
import { findExperience } from "./experience.ts";
import { findLanguages } from "./languages.ts";
import { findLocation, regionOfLocation } from "./location.ts";
import { findName } from "./name.ts";
import { splitSections } from "./sections.ts";
import { findSkills } from "./skills.ts";
import { findSummary } from "./summary.ts";
import { toLines } from "./text.ts";
import { type ExtractFieldsOptions, type ResumeFields } from "./types.ts";

const EXCERPT_CHARS = 1000;
/** Contact details are at the top (or in a footer of a short resume); no need to scan a whole book. */
const SCAN_CHARS = 50_000;
const PHONE_HEADER_CHARS = 3_000;

const EMAIL = /[A-Z0-9._%+-]+@[A-Z0-9-]+(?:\.[A-Z0-9-]+)*\.[A-Z]{2,}/i;
const LINKEDIN = /(?:https?:\/\/)?(?:[a-z]{2,3}\.)?linkedin\.com\/(in|pub)\/([\p{L}\p{N}%_.~-]+)/iu;

/**
 * The fields of a resume's plain text. Pure and synchronous; `defaultRegion` is the ISO country
 * assumed for phone numbers written without "+" when the resume's location names no country (unknown
 * codes fall back to "US"); `now` is "today"
 * for ongoing jobs in `total_experience_years` (pass it for reproducible results).
 */
export function extractFields(text: string, defaultRegion = "US", options: ExtractFieldsOptions = {}): ResumeFields {
  const scanned = text.slice(0, SCAN_CHARS);
  const lines = toLines(scanned);
  const sections = splitSections(lines);
  const experience = findExperience(sections);
  const now = options.now && Number.isFinite(options.now.getTime()) ? options.now : new Date();
  const location = findLocation(lines);
  return {
    name: findName(lines),
    email: findEmail(scanned),
    // A number without "+" belongs to the resume's own country when its location names one.
    phone: findPhone(scanned, regionOfLocation(location) ?? defaultRegion),
    location,
    linkedin: findLinkedIn(scanned),
    skills: findSkills(lines),
    summary: findSummary(sections),
    experience,
    education: findEducation(sections),
    languages: findLanguages(sections),
    total_experience_years: experienceYears(experience, now),
    text_excerpt: excerpt(text),
  };
}

function findEmail(text: string): string | null {
  const match = EMAIL.exec(text)?.[0];
  return match ? match.replace(/\.+$/, "").toLowerCase() : null;
}

/** Any way the profile was written ("linkedin.com/in/x", "uk.linkedin.com/in/x/") as one canonical URL. */
function findLinkedIn(text: string): string | null {
  const match = LINKEDIN.exec(text);
  if (!match?.[1] || !match[2]) return null;
  const slug = match[2].replace(/[.\-_~]+$/, "");
  return slug ? `https://www.linkedin.com/${match[1].toLowerCase()}/${slug}` : null;
}

function findPhone(text: string, defaultRegion: string): string | null {
  const upper = defaultRegion.toUpperCase();
  const region: CountryCode = isSupportedCountry(upper) ? upper : "US";
  // The header first: a number further down may be a reference's or an employer's. The parts overlap
  // so that a number straddling the boundary is still found whole.
  const parts = [text.slice(0, PHONE_HEADER_CHARS)];
  if (text.length > PHONE_HEADER_CHARS) parts.push(text.slice(PHONE_HEADER_CHARS - 40));
  for (const part of parts) {
    for (const found of findPhoneNumbersInText(part, region)) {
      if (found.number.isValid()) return found.number.number;
    }
  }
  return null;
}

function excerpt(text: string): string {
  const flat = text
    .slice(0, EXCERPT_CHARS * 20)
    .replace(/^\s*-- \d+ of \d+ --\s*$/gm, " ")
    .replace(/[\u200B-\u200D\uFEFF\u00AD]/g, "")
    .replace(/\s+/g, " ")
    .trim();
  if (flat.length <= EXCERPT_CHARS) return flat;
  const cut = flat.lastIndexOf(" ", EXCERPT_CHARS);
  return flat.slice(0, cut > EXCERPT_CHARS * 0.9 ? cut : EXCERPT_CHARS);
}
