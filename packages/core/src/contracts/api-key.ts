import { z } from "zod";
import { INT32_MAX, timestamp } from "./common.ts";

/** API keys as the settings screen shows them: never the secret, only its first characters. */
export const apiKeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  prefix: z.string(),
  created_by: z.object({ id: z.string(), name: z.string().nullable(), email: z.string() }).nullable(),
  created_at: timestamp,
  last_used_at: timestamp.nullable(),
  revoked_at: timestamp.nullable(),
});

export const createApiKeyInput = z.strictObject({
  name: z.string().trim().min(1, "Must be 1 to 100 characters").max(100, "Must be 1 to 100 characters"),
});

/** The one response that carries the secret. */
export const createdApiKeySchema = z.object({ key: apiKeySchema, secret: z.string() });

export const revokeApiKeyInput = z.strictObject({ id: z.number().int().positive().max(INT32_MAX) });
