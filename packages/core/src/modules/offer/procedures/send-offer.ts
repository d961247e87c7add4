import { dataEnvelope } from "../../../kernel/contract/common.ts";
import { companyProcedure } from "../../../kernel/trpc.ts";
import { offerDetailSchema, offerIdInput } from "../contract/offer.ts";
import { sendOffer } from "../sending.ts";

export const sendOfferProcedure = companyProcedure
  .meta({
    scope: "offers:write",
    interviewer: "hidden",
    openapi: {
      method: "POST",
      path: "/offers/{id}/send",
      tags: ["Offers"],
      summary: "Send an offer",
      description:
        "Renders the letter from the company's template as a PDF and e-mails it to the candidate with a personal link to accept or decline (the e-mail is sent in the background). The offer becomes `sent`; `letter_url` downloads the letter. Sends `offer.sent`.",
      protect: true,
      errorResponses: {
        400: "Invalid id",
        401: "Missing or invalid API key",
        403: "The key lacks offers:write",
        404: "Offer not found",
        409: "The offer is not approved, has expired, or the candidate has no e-mail address",
      },
    },
  })
  .input(offerIdInput)
  .output(dataEnvelope(offerDetailSchema))
  .mutation(async ({ ctx, input }) => ({ data: await sendOffer(ctx.svc, input.id) }));
