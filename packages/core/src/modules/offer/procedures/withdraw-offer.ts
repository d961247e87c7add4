import { dataEnvelope } from "../../../kernel/contract/common.ts";
import { companyProcedure } from "../../../kernel/trpc.ts";
import { offerDetailSchema, offerIdInput } from "../contract/offer.ts";
import { withdrawOffer } from "../sending.ts";

export const withdrawOfferProcedure = companyProcedure
  .meta({
    scope: "offers:write",
    interviewer: "hidden",
    openapi: {
      method: "POST",
      path: "/offers/{id}/withdraw",
      tags: ["Offers"],
      summary: "Withdraw an offer",
      description: "Withdraws an offer that is not accepted: its candidate link answers 410 from now on, and the candidate may get a new offer. Sends `offer.withdrawn`.",
      protect: true,
      errorResponses: { 400: "Invalid id", 401: "Missing or invalid API key", 403: "The key lacks offers:write", 404: "Offer not found", 409: "The offer is accepted, or already declined, withdrawn or expired" },
    },
  })
  .input(offerIdInput)
  .output(dataEnvelope(offerDetailSchema))
  .mutation(async ({ ctx, input }) => ({ data: await withdrawOffer(ctx.svc, input.id) }));
