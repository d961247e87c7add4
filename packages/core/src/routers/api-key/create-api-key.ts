import { createApiKeyInput, createdApiKeySchema } from "../../contracts/api-key.ts";
import { dataEnvelope } from "../../contracts/common.ts";
import { createApiKey } from "../../services/api-keys.ts";
import { adminProcedure } from "../../trpc.ts";

/** UI only: creates a key for the signed-in user's company; the secret is in this response only. */
export const createApiKeyProcedure = adminProcedure
  .input(createApiKeyInput)
  .output(dataEnvelope(createdApiKeySchema))
  .mutation(async ({ ctx, input }) => ({ data: await createApiKey(ctx.svc, input) }));
