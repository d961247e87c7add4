import { z } from "zod";
import { API_SCOPES } from "../../../kernel/scopes.ts";
import { INT32_MAX, timestamp } from "../../../kernel/contract/common.ts";

/** One API-key scope (auth/scopes.ts): what a key may do in the public API. */
export const apiScopeSchema = z.enum(API_SCOPES).meta({
  id: "ApiScope",
  description: "What an API key may do. Every operation names the one it needs in `x-required-scope`.",
});

/** A key's scopes as chosen at creation: at least one; duplicates are dropped, the order is canonical. */
export const apiScopesInput = z
  .array(apiScopeSchema)
  .min(1, "Choose at least one scope")
  .max(API_SCOPES.length * 2, `At most ${API_SCOPES.length} scopes`);

/** API keys as the settings screen shows them: never the secret, only its first characters. */
export const apiKeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  prefix: z.string(),
  scopes: z.array(apiScopeSchema),
  created_by: z.object({ id: z.string(), name: z.string().nullable(), email: z.string() }).nullable(),
  created_at: timestamp,
  last_used_at: timestamp.nullable(),
  revoked_at: timestamp.nullable(),
});

export const createApiKeyInput = z.strictObject({
  name: z.string().trim().min(1, "Must be 1 to 100 characters").max(100, "Must be 1 to 100 characters"),
  /** Omitted: every scope (full access). */
  scopes: apiScopesInput.optional(),
});

/** The one response that carries the secret. */
export const createdApiKeySchema = z.object({ key: apiKeySchema, secret: z.string() });

export const revokeApiKeyInput = z.strictObject({ id: z.number().int().positive().max(INT32_MAX) });

/** GET /me: the company and the API key making the request (what an integration checks first). */
export const meSchema = z
  .object({
    company: z.object({ id: z.number().int(), name: z.string() }),
    api_key: z.object({
      id: z.number().int(),
      name: z.string(),
      prefix: z.string().meta({ description: "The key's first characters, as Settings → API keys shows them" }),
      scopes: z.array(apiScopeSchema),
      created_at: timestamp,
    }),
  })
  .meta({ id: "Me" });
