import { z } from "zod";
import { createdPartnerAppSchema, createPartnerAppInput, partnerAppSchema } from "../contract/connected-app.ts";
import { dataEnvelope } from "../../../kernel/contract/common.ts";
import { createPartnerApp, listPartnerApps } from "../connected-apps.ts";
import { adminProcedure } from "../../../kernel/trpc.ts";

/** UI only (settings): the company's pre-registered partner apps. */
export const listPartnerAppsProcedure = adminProcedure
  .output(z.object({ data: z.array(partnerAppSchema) }))
  .query(async ({ ctx }) => ({ data: await listPartnerApps(ctx.svc) }));

/** UI only (settings): registers a partner app; a confidential one's secret is in this answer only. */
export const createPartnerAppProcedure = adminProcedure
  .input(createPartnerAppInput)
  .output(dataEnvelope(createdPartnerAppSchema))
  .mutation(async ({ ctx, input }) => ({ data: await createPartnerApp(ctx.svc, input) }));
