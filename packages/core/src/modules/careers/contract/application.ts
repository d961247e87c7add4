import { z } from "zod";
import { httpUrl } from "../../../kernel/contract/common.ts";
import { selfIdInput } from "../../candidate/contract/self-identification.ts";

/**
 * The public application form (POST /api/public/jobs/{id}/applications). Forms send "" for
 * untouched optional fields, so empty strings count as absent.
 */
const blankToUndefined = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blankToUndefined, schema.nullish());

/** A checkbox as JSON (a boolean) or as a form sends it ("true" or "on"; "false" from a script). */
const formBoolean = z.union([z.boolean(), z.enum(["true", "on", "yes", "false"]).transform((value) => value !== "false")]);

/** A hidden form field people never fill in; bots do. */
export const HONEYPOT_FIELD = "website";

export const applicationInput = z.strictObject({
  name: z.string({ error: "Required" }).trim().min(1, "Required").max(200, "Must be 1 to 200 characters"),
  email: z.string({ error: "Required" }).trim().min(1, "Required").pipe(z.email("Must be a valid e-mail address").max(254)),
  phone: optional(z.string().trim().max(100, "Must be at most 100 characters")),
  linkedin: optional(z.string().trim().pipe(httpUrl)),
  location: optional(z.string().trim().max(500, "Must be at most 500 characters")),
  answers: z.record(z.string().max(64), z.union([z.string().max(5000, "Must be at most 5000 characters"), z.boolean()])).nullish(),
  /** Consent to the company's privacy policy: required (true) only when the company has set one. Forms send "true" or "on". */
  privacy_consent: optional(formBoolean),
  /** "I ask that a person, not the automated tool, reviews my application" (the alternative process; docs/SCREENING.md). */
  ai_opt_out: optional(formBoolean),
  self_id: selfIdInput.nullish(),
  [HONEYPOT_FIELD]: z.unknown().optional(),
});

export type ApplicationInput = z.infer<typeof applicationInput>;
