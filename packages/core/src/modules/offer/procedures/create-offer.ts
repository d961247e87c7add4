import { dataEnvelope } from "../../../kernel/contract/common.ts";
import { companyProcedure } from "../../../kernel/trpc.ts";
import { createOfferInput, offerDetailSchema } from "../contract/offer.ts";
import { createOffer } from "../offers.ts";

export const createOfferProcedure = companyProcedure
  .meta({
    scope: "offers:write",
    interviewer: "hidden",
    openapi: {
      method: "POST",
      path: "/offers",
      tags: ["Offers"],
      summary: "Create an offer",
      description:
        "Drafts an offer (version 1) for a candidate; its job is the candidate's job and `job_title` defaults to the job's. The approval chain is the company's default (Settings → Offers) unless `approval_steps` overrides it. A candidate has at most one offer that is not declined, withdrawn or expired. Sends `offer.created`.",
      protect: true,
      errorResponses: {
        400: "Validation failed (currency, amounts, dates, expires_at in the past, approvers that are not members or are interviewers; the field is named)",
        401: "Missing or invalid API key",
        403: "The key lacks offers:write, or a recruiter outside the job's hiring team",
        404: "Candidate not found",
        409: "The candidate already has an open offer, is rejected or is hired",
      },
    },
    successStatus: 201,
  })
  .input(createOfferInput)
  .output(dataEnvelope(offerDetailSchema))
  .mutation(async ({ ctx, input }) => ({ data: await createOffer(ctx.svc, input) }));
