import { apiKeySchema, revokeApiKeyInput } from "../../contracts/api-key.ts";
import { dataEnvelope } from "../../contracts/common.ts";
import { revokeApiKey } from "../../services/api-keys.ts";
import { adminProcedure } from "../../trpc.ts";

/** UI only: revocation takes effect on the key's next request. */
export const revokeApiKeyProcedure = adminProcedure
  .input(revokeApiKeyInput)
  .output(dataEnvelope(apiKeySchema))
  .mutation(async ({ ctx, input }) => ({ data: await revokeApiKey(ctx.svc, input.id) }));
