import { apiKeySchema, revokeApiKeyInput } from "../../contracts/api-key.ts";
import { dataEnvelope } from "../../contracts/common.ts";
import { revokeApiKey } from "../../services/api-keys.ts";
import { userProcedure } from "../../trpc.ts";

/** UI only: revocation takes effect on the key's next request. */
export const revokeApiKeyProcedure = userProcedure
  .input(revokeApiKeyInput)
  .output(dataEnvelope(apiKeySchema))
  .mutation(async ({ ctx, input }) => ({ data: await revokeApiKey(ctx.svc, input.id) }));
