import { z } from "zod";
import { apiKeySchema } from "../contract/api-key.ts";
import { listApiKeys } from "../api-key-admin.ts";
import { adminProcedure } from "../../../kernel/trpc.ts";

/** UI only (settings): the company's keys, newest first, revoked ones included. */
export const listApiKeysProcedure = adminProcedure
  .output(z.object({ data: z.array(apiKeySchema) }))
  .query(async ({ ctx }) => ({ data: await listApiKeys(ctx.svc) }));
