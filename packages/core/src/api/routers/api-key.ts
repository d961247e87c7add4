import { router } from "../../kernel/trpc.ts";
import { createApiKeyProcedure } from "../../modules/identity/procedures/create-api-key.ts";
import { listApiKeysProcedure } from "../../modules/identity/procedures/list-api-keys.ts";
import { revokeApiKeyProcedure } from "../../modules/identity/procedures/revoke-api-key.ts";

/** Settings → API keys. Owners and admins, session only (adminProcedure): an API key cannot mint or revoke keys. */
export const apiKeyRouter = router({
  list: listApiKeysProcedure,
  create: createApiKeyProcedure,
  revoke: revokeApiKeyProcedure,
});
