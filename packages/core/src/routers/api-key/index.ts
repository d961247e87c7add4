import { router } from "../../trpc.ts";
import { createApiKeyProcedure } from "./create-api-key.ts";
import { listApiKeysProcedure } from "./list-api-keys.ts";
import { revokeApiKeyProcedure } from "./revoke-api-key.ts";

/** Settings → API keys. Owners and admins, session only (adminProcedure): an API key cannot mint or revoke keys. */
export const apiKeyRouter = router({
  list: listApiKeysProcedure,
  create: createApiKeyProcedure,
  revoke: revokeApiKeyProcedure,
});
