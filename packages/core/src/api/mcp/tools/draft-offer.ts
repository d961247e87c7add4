import { dataEnvelope } from "../../../kernel/contract/common.ts";
import { createOfferInput, offerDetailSchema } from "../../../modules/offer/contract/offer.ts";
import { defineTool } from "../tool.ts";
import { offerLine } from "./list-offers.ts";

/**
 * POST /api/v1/offers (offers.create) without `approval_steps`: a draft under the company's default
 * chain. Requesting approval, deciding, sending and withdrawing have no tools on purpose — a person
 * does those in Hireflow.
 */
export const draftOfferTool = defineTool({
  name: "draft_offer",
  title: "Draft an offer",
  description:
    "Drafts an offer (status draft, version 1) for a candidate: start date (YYYY-MM-DD), salary, and optionally the job title (default: the job's), bonus, equity, an expiry for the candidate's answer and notes (internal: never in the letter or shown to the candidate). The company's default approval chain applies. This only drafts: an assistant never requests approval, approves or sends an offer — a person does that in Hireflow. A candidate has at most one open offer (another is a conflict); a recruiter drafts only for jobs whose hiring team they lead.",
  scopes: ["offers:write"],
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  input: createOfferInput.omit({ approval_steps: true }),
  output: dataEnvelope(offerDetailSchema),
  run: (caller, args) => caller.offers.create(args),
  summarize: ({ data }) => `Drafted offer ${offerLine(data)}. A person requests its approval and sends it in Hireflow.`,
});
