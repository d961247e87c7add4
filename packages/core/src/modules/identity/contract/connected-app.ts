import { z } from "zod";
import { apiScopeSchema } from "./api-key.ts";
import { INT32_MAX, timestamp } from "../../../kernel/contract/common.ts";

/** One app a member connected (an OAuth grant), as Settings → Connected apps shows it. */
export const connectedAppSchema = z.object({
  id: z.number().int(),
  client: z.object({ id: z.string(), name: z.string(), uri: z.string().nullable(), kind: z.enum(["preregistered", "dynamic", "metadata_document"]) }),
  member: z.object({ id: z.string(), name: z.string().nullable(), email: z.string() }),
  scopes: z.array(apiScopeSchema),
  resource: z.string(),
  created_at: timestamp,
  last_used_at: timestamp.nullable(),
  revoked_at: timestamp.nullable(),
});
export type ConnectedAppDto = z.infer<typeof connectedAppSchema>;

export const revokeConnectedAppInput = z.strictObject({ id: z.number().int().positive().max(INT32_MAX) });

/** A partner app an admin registers (pre-registered OAuth client). */
export const partnerAppSchema = z.object({
  client_id: z.string(),
  name: z.string(),
  client_uri: z.string().nullable(),
  redirect_uris: z.array(z.string()),
  confidential: z.boolean(),
  created_at: timestamp,
});
export type PartnerAppDto = z.infer<typeof partnerAppSchema>;

export const createPartnerAppInput = z.strictObject({
  name: z.string().trim().min(1, "Must be 1 to 100 characters").max(100, "Must be 1 to 100 characters"),
  client_uri: z.url({ protocol: /^https?$/ }).max(2000).optional(),
  redirect_uris: z.array(z.url().max(2000)).min(1, "Add at least one redirect URI").max(10, "At most 10 redirect URIs"),
  confidential: z.boolean(),
});
export type CreatePartnerAppInput = z.infer<typeof createPartnerAppInput>;

export const createdPartnerAppSchema = z.object({ app: partnerAppSchema, client_secret: z.string().nullable() });
