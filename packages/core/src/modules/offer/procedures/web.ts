import { z } from "zod";
import { adminProcedure, userProcedure } from "../../../kernel/trpc.ts";
import { countOffersAwaitingDecision, offersAwaitingDecision } from "../approvals.ts";
import { offerSettingsSchema, updateOfferSettingsInput } from "../contract/settings.ts";
import { offerSchema } from "../contract/offer.ts";
import { getOfferSettings, updateOfferSettings } from "../settings.ts";

// The web app's own procedures (no meta.openapi): My approvals and Settings → Offers.

/** "My approvals": offers whose current step waits for the signed-in member's decision. */
export const myApprovalsProcedure = userProcedure
  .meta({ interviewer: "hidden" })
  .input(z.strictObject({}).optional())
  .output(z.array(offerSchema))
  .query(({ ctx }) => offersAwaitingDecision(ctx.svc));

/** The sidebar's count for My approvals (0 for an interviewer, who never approves). */
export const myApprovalsCountProcedure = userProcedure
  .meta({ interviewer: "own" })
  .input(z.strictObject({}).optional())
  .output(z.object({ count: z.number().int() }))
  .query(async ({ ctx }) => ({ count: ctx.svc.role === "interviewer" ? 0 : await countOffersAwaitingDecision(ctx.svc) }));

export const getOfferSettingsProcedure = adminProcedure
  .input(z.strictObject({}).optional())
  .output(offerSettingsSchema)
  .query(({ ctx }) => getOfferSettings(ctx.svc));

export const updateOfferSettingsProcedure = adminProcedure
  .input(updateOfferSettingsInput)
  .output(offerSettingsSchema)
  .mutation(({ ctx, input }) => updateOfferSettings(ctx.svc, input));
