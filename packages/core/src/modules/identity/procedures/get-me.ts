import { z } from "zod";
import { meSchema } from "../contract/api-key.ts";
import { dataEnvelope } from "../../../kernel/contract/common.ts";
import { describeApiKey } from "../api-key-admin.ts";
import { apiKeyProcedure } from "../../../kernel/trpc.ts";

/** GET /me: which company and key a request runs as. Any valid key may call it, so it has no `scope`. */
export const getMeProcedure = apiKeyProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/me",
      tags: ["Account"],
      summary: "Retrieve the API key and its company",
      description:
        "The company the key belongs to and the key itself (name, prefix, scopes, created_at): the call to make first, to test a connection and learn what the key may do. Any valid key may call it, whatever its scopes.",
      protect: true,
      errorResponses: { 400: "Unknown query parameter", 401: "Missing or invalid API key" },
    },
  })
  .input(z.strictObject({}))
  .output(dataEnvelope(meSchema))
  .query(async ({ ctx }) => ({ data: await describeApiKey(ctx.svc, ctx.apiKey.apiKeyId) }));
