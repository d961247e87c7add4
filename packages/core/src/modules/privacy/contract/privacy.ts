import { z } from "zod";
import { httpUrl } from "../../../kernel/contract/common.ts";

/** An origin as browsers send it: scheme, host and port, nothing after (https://www.example.com). */
export function isWebOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "https:" || url.protocol === "http:") && value.replace(/\/$/, "").toLowerCase() === url.origin;
  } catch {
    return false;
  }
}

/**
 * What a member types for a site, as the origin browsers send: a bare host ("careers.acme.example",
 * "localhost:8080") is taken as https:// (#43 §16), a trailing slash dropped; anything else as typed.
 */
export function siteOrigin(value: string): string {
  const text = value.trim();
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(text) || !/^[a-z0-9.-]+(:\d{1,5})?\/?$/i.test(text) ? text : `https://${text}`;
  return withScheme.replace(/\/$/, "");
}

const originInput = z
  .string()
  .trim()
  .max(300)
  .transform(siteOrigin)
  .refine(isWebOrigin, "Must be a site's address such as https://www.example.com or www.example.com, without a path")
  .meta({ example: "https://www.example.com" });

export const RETENTION_SCOPES = ["rejected", "not_hired"] as const;

export const privacySettingsSchema = z.object({
  retention_months: z.number().int().min(1).max(120).nullable().meta({ description: "Erase candidates this many months after their last activity; null: never" }),
  retention_scope: z.enum(RETENTION_SCOPES).meta({ description: "rejected: only rejected candidates; not_hired: every candidate not hired" }),
  privacy_policy_url: z.string().nullable(),
  /** Sites that may post applications to the careers form's endpoint from their own pages (CORS). */
  allowed_origins: z.array(z.string()),
  /** How many candidates the rule (as saved) would erase if it ran now. */
  eligible_now: z.number().int(),
});

export type PrivacySettingsDto = z.infer<typeof privacySettingsSchema>;

export const updatePrivacySettingsInput = z.strictObject({
  retention_months: z.number().int().min(1, "Must be 1 to 120 months").max(120, "Must be 1 to 120 months").nullable().optional(),
  retention_scope: z.enum(RETENTION_SCOPES).optional(),
  privacy_policy_url: httpUrl.nullable().optional(),
  allowed_origins: z.array(originInput).max(20, "At most 20 sites").optional(),
});

export type UpdatePrivacySettingsInput = z.infer<typeof updatePrivacySettingsInput>;

/** What the settings page previews before saving: the count a rule would erase now. */
export const retentionPreviewInput = z.strictObject({
  retention_months: z.number().int().min(1).max(120),
  retention_scope: z.enum(RETENTION_SCOPES),
});
