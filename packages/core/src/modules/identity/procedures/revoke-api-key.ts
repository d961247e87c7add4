import { apiKeySchema, revokeApiKeyInput } from "../contract/api-key.ts";
import { dataEnvelope } from "../../../kernel/contract/common.ts";
import { revokeApiKey } from "../api-key-admin.ts";
import { adminProcedure } from "../../../kernel/trpc.ts";

/** UI only: revocation takes effect on the key's next request. */
export const revokeApiKeyProcedure = adminProcedure
  .input(revokeApiKeyInput)
  .output(dataEnvelope(apiKeySchema))
  .mutation(async ({ ctx, input }) => ({ data: await revokeApiKey(ctx.svc, input.id) }));
