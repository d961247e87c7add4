import { dataEnvelope } from "../../../kernel/contract/common.ts";
import { companyProcedure } from "../../../kernel/trpc.ts";
import { requestOfferApproval } from "../approvals.ts";
import { offerDetailSchema, offerIdInput } from "../contract/offer.ts";

export const requestOfferApprovalProcedure = companyProcedure
  .meta({
    scope: "offers:write",
    interviewer: "hidden",
    openapi: {
      method: "POST",
      path: "/offers/{id}/request_approval",
      tags: ["Offers"],
      summary: "Request approval",
      description:
        "Sends a draft to its approval chain: `pending_approval` with the first step's approvers deciding (sends `offer.approval_requested`), or straight to `approved` when the chain is empty (sends `offer.approved`). Each request starts a new round: decisions of an earlier round are history.",
      protect: true,
      errorResponses: { 400: "Invalid id", 401: "Missing or invalid API key", 403: "The key lacks offers:write", 404: "Offer not found", 409: "The offer is not a draft" },
    },
  })
  .input(offerIdInput)
  .output(dataEnvelope(offerDetailSchema))
  .mutation(async ({ ctx, input }) => ({ data: await requestOfferApproval(ctx.svc, input.id) }));
