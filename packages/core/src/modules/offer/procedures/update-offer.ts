import { dataEnvelope } from "../../../kernel/contract/common.ts";
import { companyProcedure } from "../../../kernel/trpc.ts";
import { offerDetailSchema, updateOfferInput } from "../contract/offer.ts";
import { updateOffer } from "../offers.ts";

export const updateOfferProcedure = companyProcedure
  .meta({
    scope: "offers:write",
    interviewer: "hidden",
    openapi: {
      method: "PATCH",
      path: "/offers/{id}",
      tags: ["Offers"],
      summary: "Update an offer",
      description:
        "A change to a material term (`start_date`, `job_title`, `salary`, `bonus`, `equity`, `expires_at`) makes a new version: the previous one is superseded (a sent letter's link stops working), and the offer returns to draft to be approved and sent again; sends `offer.updated`. `notes` and `approval_steps` change in place (a new chain sends a pending or approved offer back to draft). An accepted, declined, withdrawn or expired offer cannot change.",
      protect: true,
      errorResponses: {
        400: "Validation failed (the field is named)",
        401: "Missing or invalid API key",
        403: "The key lacks offers:write",
        404: "Offer not found",
        409: "The offer is accepted, declined, withdrawn or expired",
      },
    },
  })
  .input(updateOfferInput)
  .output(dataEnvelope(offerDetailSchema))
  .mutation(async ({ ctx, input }) => ({ data: await updateOffer(ctx.svc, input) }));
