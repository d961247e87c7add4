import { z } from "zod";
import { listEnvelope } from "../../../kernel/contract/common.ts";
import { OFFER_STATUSES, type OfferDto, offerSchema } from "../../../modules/offer/contract/offer.ts";
import { defineTool, nextPageHint, READ_ONLY, toolId, wire } from "../tool.ts";

/** "#7 draft v1 for candidate #12 (job #3): Senior Engineer, 85000 EUR/year, starts 2027-03-01" */
export function offerLine(offer: Pick<OfferDto, "id" | "status" | "version" | "candidate_id" | "job_id" | "job_title" | "salary" | "start_date">): string {
  const { amount, currency, period } = offer.salary;
  return `#${offer.id} ${offer.status} v${offer.version} for candidate #${offer.candidate_id} (job #${offer.job_id}): ${offer.job_title}, ${amount} ${currency}/${period}, starts ${offer.start_date}`;
}

/**
 * GET /api/v1/offers (offers.list): the offers the member may see (offers/access.ts visibleOffers),
 * newest first, with their terms, salaries and internal notes as GET /offers shows them.
 */
export const listOffersTool = defineTool({
  name: "list_offers",
  title: "List offers",
  description:
    "Offers, newest first, with their terms (start date, job title, salary, bonus, equity, expiry), status, approval chain and internal notes; filter by candidate, job or status. Only the offers you may see: a recruiter sees those of the jobs whose hiring team they lead and those they approve.",
  scopes: ["offers:read"],
  annotations: READ_ONLY,
  input: z.strictObject({
    candidate_id: toolId("Only this candidate's offers").optional(),
    job_id: toolId("Only offers for this job").optional(),
    status: z.enum(OFFER_STATUSES).optional().describe("Only offers in this status"),
    limit: z.number().int().min(1).max(100).optional().describe("Page size, 1..100 (default 25)"),
    cursor: z.string().max(500).optional().describe("pagination.next_cursor of the previous page"),
  }),
  output: listEnvelope(offerSchema),
  run: (caller, args) =>
    caller.offers.list({ candidate_id: wire(args.candidate_id), job_id: wire(args.job_id), status: args.status, limit: wire(args.limit), cursor: args.cursor } as never),
  summarize: (result) =>
    result.data.length === 0 ? "No offers." : `${result.data.length} offer(s):\n${result.data.map((offer) => `- ${offerLine(offer)}`).join("\n")}${nextPageHint(result.pagination)}`,
});
