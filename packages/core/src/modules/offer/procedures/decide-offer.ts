import { dataEnvelope } from "../../../kernel/contract/common.ts";
import { companyProcedure } from "../../../kernel/trpc.ts";
import { decideOffer } from "../approvals.ts";
import { decideOfferInput, offerDetailSchema } from "../contract/offer.ts";

export const decideOfferProcedure = companyProcedure
  .meta({
    scope: "offers:write",
    interviewer: "hidden",
    openapi: {
      method: "POST",
      path: "/offers/{id}/approvals",
      tags: ["Offers"],
      summary: "Approve or reject",
      description:
        "Records a member's decision on the offer's current step. A step is done when `required` of its approvers approved; the next step's approvers are asked (`offer.approval_requested`), and the last step done makes the offer `approved` (`offer.approved`). A reject returns the offer to draft with the decision kept (`offer.approval_rejected`). With an API key, `on_behalf_of` names the member deciding. Every decision is in the audit log.",
      protect: true,
      errorResponses: {
        400: "Validation failed (decision; on_behalf_of missing with an API key)",
        401: "Missing or invalid API key",
        403: "The key lacks offers:write, or the member is not an approver of the current step",
        404: "Offer not found",
        409: "The offer is not pending approval, or the member already decided at this step",
      },
    },
  })
  .input(decideOfferInput)
  .output(dataEnvelope(offerDetailSchema))
  .mutation(async ({ ctx, input }) => ({ data: await decideOffer(ctx.svc, input) }));
