import { createApiKeyInput, createdApiKeySchema } from "../contract/api-key.ts";
import { dataEnvelope } from "../../../kernel/contract/common.ts";
import { createApiKey } from "../api-key-admin.ts";
import { adminProcedure } from "../../../kernel/trpc.ts";

/** UI only: creates a key for the signed-in user's company; the secret is in this response only. */
export const createApiKeyProcedure = adminProcedure
  .input(createApiKeyInput)
  .output(dataEnvelope(createdApiKeySchema))
  .mutation(async ({ ctx, input }) => ({ data: await createApiKey(ctx.svc, input) }));
