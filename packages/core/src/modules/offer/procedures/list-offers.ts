import { listEnvelope } from "../../../kernel/contract/common.ts";
import { companyProcedure } from "../../../kernel/trpc.ts";
import { listOffersInput, offerSchema } from "../contract/offer.ts";
import { listOffers } from "../offers.ts";

export const listOffersProcedure = companyProcedure
  .meta({
    scope: "offers:read",
    interviewer: "hidden",
    openapi: {
      method: "GET",
      path: "/offers",
      tags: ["Offers"],
      summary: "List offers",
      description:
        "Newest first. Filter by `candidate_id`, `job_id` and `status`; pass `pagination.next_cursor` as `cursor` for the next page. A signed-in recruiter (or an OAuth app acting as one) sees the offers of jobs whose hiring team they lead and those they approve; interviewers see none.",
      protect: true,
      errorResponses: { 400: "Invalid filter or cursor", 401: "Missing or invalid API key", 403: "The key lacks offers:read" },
    },
  })
  .input(listOffersInput)
  .output(listEnvelope(offerSchema))
  .query(({ ctx, input }) => listOffers(ctx.svc, input));
