/**
 * Guard rails on screening criteria (issue 25 §4, docs/SCREENING.md "Compliance"). A criterion must
 * judge what a person can do, never who they are: a statement naming a protected characteristic is
 * refused, and two criteria that are lawful but can stand in for one (many years of experience for
 * age, postal codes for race) get a warning in the job form.
 *
 * Plain functions without dependencies: the zod contract, the job form and the tests share them.
 */

export type ProtectedCharacteristic =
  | "age"
  | "sex or gender"
  | "sexual orientation"
  | "race or ethnicity"
  | "national origin"
  | "religion"
  | "disability or health"
  | "pregnancy or family"
  | "marital status";

/**
 * Words and phrases that name a protected characteristic (US federal and state law, the EU's
 * Charter art. 21). Matched as whole words, case-insensitively, a hyphen counting as part of the
 * word so "able-bodied" matches whole and "white-box" cannot. Colours, regions, pronouns, "single",
 * "straight" and "genetic" alone are left out on purpose: "Asian markets", "single sign-on", "older
 * versions of Java" and "genetic algorithms" are qualifications.
 */
const TERMS: readonly (readonly [ProtectedCharacteristic, readonly string[]])[] = [
  ["age", ["age", "aged", "ages", "years old", "year old", "young", "younger", "youthful", "elderly", "date of birth", "birth year", "year of birth", "born after", "born before", "digital native", "recent graduate", "recent graduates"]],
  ["sex or gender", ["sex", "gender", "male", "female", "man", "men", "woman", "women", "boy", "boys", "girl", "girls", "masculine", "feminine"]],
  ["sexual orientation", ["sexual orientation", "gay", "lesbian", "bisexual", "heterosexual", "homosexual", "transgender", "lgbt", "lgbtq"]],
  ["race or ethnicity", ["race", "races", "racial", "ethnic", "ethnicity", "caucasian", "skin colour", "skin color", "complexion"]],
  ["national origin", ["national origin", "nationality", "native speaker", "native speakers", "mother tongue", "born in", "ancestry", "accent", "immigrant", "foreigner", "foreigners"]],
  ["religion", ["religion", "religious", "christian", "muslim", "jewish", "hindu", "buddhist", "sikh", "catholic", "protestant", "atheist", "church", "mosque", "synagogue"]],
  ["disability or health", ["disability", "disabled", "handicap", "handicapped", "wheelchair", "able-bodied", "mental illness", "medical condition", "genetic information", "health condition"]],
  ["pregnancy or family", ["pregnant", "pregnancy", "maternity", "paternity", "childless", "no children", "has children", "family plans", "childcare"]],
  ["marital status", ["marital", "married", "unmarried", "divorced", "widowed", "spouse", "husband", "wife"]],
];

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

const MATCHERS = TERMS.map(([characteristic, words]) => ({
  characteristic,
  pattern: new RegExp(`(?<![\\p{L}\\p{N}_-])(?:${words.map((w) => escape(w).replace(/ /g, "\\s+")).join("|")})(?![\\p{L}\\p{N}_-])`, "iu"),
}));

export interface ProtectedTermFound {
  /** The words as written in the criterion. */
  term: string;
  characteristic: ProtectedCharacteristic;
}

/** The first protected characteristic a criterion's text names, or null. */
export function protectedTermIn(text: string): ProtectedTermFound | null {
  for (const { characteristic, pattern } of MATCHERS) {
    const match = pattern.exec(text);
    if (match) return { term: match[0], characteristic };
  }
  return null;
}

/** The validation message for a refused criterion: says which words, what they name and why. */
export function protectedTermMessage(found: ProtectedTermFound): string {
  return `Names a protected characteristic (${found.characteristic}: "${found.term}"): criteria must judge qualifications, not who a person is`;
}

/** Above this, a minimum of years of experience starts to select by age (EEOC guidance on age proxies). */
export const MAX_YEARS_WITHOUT_WARNING = 10;

/** A postal code in a location: US ZIP, a 4–5 digit code (DE, FR, NL…), UK and Canadian formats. */
const POSTAL_CODE = /(?<![\p{L}\p{N}])(?:\d{5}(?:-\d{4})?|\d{4}(?:\s?[A-Z]{2})?|[A-Z]{1,2}\d[A-Z\d]?\s?\d[A-Z]{2}|[A-Z]\d[A-Z]\s?\d[A-Z]\d)(?![\p{L}\p{N}])/u;

export function namesPostalCode(location: string): boolean {
  return POSTAL_CODE.test(location.toUpperCase());
}

export type CriterionWarning = "years_age_proxy" | "postal_code_proxy";

export const CRITERION_WARNING_TEXT: Record<CriterionWarning, string> = {
  years_age_proxy: `More than ${MAX_YEARS_WITHOUT_WARNING} years of experience can screen out applicants by age. Ask only for what the work needs.`,
  postal_code_proxy:
    "The job's locations name postal codes: comparing where applicants live at that level can act as a proxy for race (Illinois forbids using zip codes). Use cities or regions.",
};

/**
 * Warnings (not errors) for one criterion: a `min_years` above 10, or a `location` criterion while
 * the job's locations name postal codes.
 */
export function criterionWarnings(criterion: { type: string; value?: unknown }, jobLocations: readonly string[]): CriterionWarning[] {
  if (criterion.type === "min_years" && Number(criterion.value) > MAX_YEARS_WITHOUT_WARNING) return ["years_age_proxy"];
  if (criterion.type === "location" && jobLocations.some(namesPostalCode)) return ["postal_code_proxy"];
  return [];
}
