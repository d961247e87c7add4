import { z } from "zod";

/**
 * Voluntary self-identification (issue 25 §1): the categories of NYC Local Law 144's bias audit
 * tables. Sex as the law's tables name it; race/ethnicity as the EEO-1 categories. "decline" is an
 * answer (counted as unknown in the report), not the same as no answer.
 */
export const SELF_ID_SEXES = ["female", "male", "decline"] as const;
export const SELF_ID_RACES = [
  "hispanic_latino",
  "white",
  "black",
  "native_hawaiian_pacific_islander",
  "asian",
  "american_indian_alaska_native",
  "two_or_more",
  "decline",
] as const;
export type SelfIdSex = (typeof SELF_ID_SEXES)[number];
export type SelfIdRace = (typeof SELF_ID_RACES)[number];

/** The categories a report counts (decline is unknown). */
export const REPORTED_SEXES = SELF_ID_SEXES.filter((code): code is Exclude<SelfIdSex, "decline"> => code !== "decline");
export const REPORTED_RACES = SELF_ID_RACES.filter((code): code is Exclude<SelfIdRace, "decline"> => code !== "decline");

export const SELF_ID_SEX_LABELS: Record<SelfIdSex, string> = { female: "Female", male: "Male", decline: "I decline to answer" };
export const SELF_ID_RACE_LABELS: Record<SelfIdRace, string> = {
  hispanic_latino: "Hispanic or Latino",
  white: "White",
  black: "Black or African American",
  native_hawaiian_pacific_islander: "Native Hawaiian or Other Pacific Islander",
  asian: "Asian",
  american_indian_alaska_native: "American Indian or Alaska Native",
  two_or_more: "Two or more races",
  decline: "I decline to answer",
};

// Forms send "" for an untouched select: that is no answer.
const blankToUndefined = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);
const code = <T extends readonly [string, ...string[]]>(codes: T) =>
  z.preprocess(blankToUndefined, z.enum(codes, { error: `Must be one of: ${codes.join(", ")}` }).nullish());

export const selfIdInput = z
  .strictObject({
    sex: code(SELF_ID_SEXES).meta({ description: "female, male or decline; optional" }),
    race_ethnicity: code(SELF_ID_RACES).meta({ description: "An EEO-1 race/ethnicity category or decline; optional" }),
  })
  .meta({
    id: "SelfIdentification",
    description:
      "Voluntary self-identification, collected only for the aggregate bias audit (GET /reports/impact_ratios). Never returned by any candidate read, event or webhook; never used in screening.",
    example: { sex: "female", race_ethnicity: "asian" },
  });

export type SelfIdInput = z.infer<typeof selfIdInput>;

/** The answers worth storing: null when neither question was answered. */
export function selfIdAnswers(input: SelfIdInput | null | undefined): { sex: SelfIdSex | null; raceEthnicity: SelfIdRace | null } | null {
  const sex = input?.sex ?? null;
  const raceEthnicity = input?.race_ethnicity ?? null;
  return sex === null && raceEthnicity === null ? null : { sex, raceEthnicity };
}

/** How HTML forms name the answers in multipart and urlencoded bodies: self_id.sex or self_id[sex]. */
const SELF_ID_FIELD = /^self_id(?:\[([a-z_]+)\]|\.([a-z_]+))$/;

export function isSelfIdField(name: string): boolean {
  return SELF_ID_FIELD.test(name);
}

/** Form fields with self_id.<key> folded into one `self_id` object, as the JSON body has it. */
export function foldSelfIdFields(fields: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const selfId: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(fields)) {
    const match = SELF_ID_FIELD.exec(name);
    if (match) selfId[match[1] ?? match[2]!] = value;
    else out[name] = value;
  }
  if (Object.keys(selfId).length) out.self_id = selfId;
  return out;
}
