import { z } from "zod";
import { dataEnvelope } from "../../../kernel/contract/common.ts";
import { offerDetailSchema } from "../../../modules/offer/contract/offer.ts";
import { defineTool, READ_ONLY, toolId } from "../tool.ts";
import { offerLine } from "./list-offers.ts";

/** GET /api/v1/offers/{id} (offers.get): the offer with every version of its terms and every approval decision. */
export const getOfferTool = defineTool({
  name: "get_offer",
  title: "Get an offer",
  description:
    "One offer: its current terms (salary included), status, internal notes, approval chain and the step deciding now, every version of its terms (newest first) and every approval decision (oldest first; current false for an earlier round).",
  scopes: ["offers:read"],
  annotations: READ_ONLY,
  input: z.strictObject({ id: toolId("The offer's id") }),
  output: dataEnvelope(offerDetailSchema),
  run: (caller, args) => caller.offers.get({ id: String(args.id) } as never),
  summarize: ({ data }) => {
    const step = data.current_step === null ? "" : `; waiting on step ${data.current_step + 1} of ${data.approval_steps.length}`;
    return `Offer ${offerLine(data)}${step}; ${data.versions.length} version(s), ${data.approvals.length} approval decision(s).`;
  },
});
