import { dataEnvelope } from "../../../kernel/contract/common.ts";
import { companyProcedure } from "../../../kernel/trpc.ts";
import { offerDetailSchema, offerIdInput } from "../contract/offer.ts";
import { getOffer } from "../offers.ts";

export const getOfferProcedure = companyProcedure
  .meta({
    scope: "offers:read",
    interviewer: "hidden",
    openapi: {
      method: "GET",
      path: "/offers/{id}",
      tags: ["Offers"],
      summary: "Retrieve an offer",
      description: "The offer with every version of its terms (`versions`, newest first: `current` or `superseded`) and every approval decision (`approvals`; `current` false for decisions of an earlier round).",
      protect: true,
      errorResponses: { 400: "Invalid id", 401: "Missing or invalid API key", 403: "The key lacks offers:read", 404: "Offer not found" },
    },
  })
  .input(offerIdInput)
  .output(dataEnvelope(offerDetailSchema))
  .query(async ({ ctx, input }) => ({ data: await getOffer(ctx.svc, input.id) }));
