import { z } from "zod";
import { singleLine, storableText } from "../../../kernel/contract/common.ts";
import { publicOfferFields } from "./offer.ts";

/**
 * The candidate's side of an offer (GET /api/public/offers/{token}, accept, decline; the page
 * /offers/{token}): what the API shows less the team's notes and approvals, plus who it is from.
 */
export const publicOfferSchema = z
  .object({
    ...publicOfferFields,
    candidate: z.object({ name: z.string().nullable() }),
    company: z.object({ name: z.string() }),
    answerable: z.boolean().meta({ description: "Whether Accept and Decline are open (sent, not expired, not answered)" }),
  })
  .meta({ id: "PublicOffer" });
export type PublicOfferDto = z.infer<typeof publicOfferSchema>;

/** An offer link's token: 43 characters of base64url (32 random bytes). */
export const offerTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/, "Not an offer link");

export const acceptOfferInput = z.strictObject({
  signature_name: storableText(singleLine(z.string().trim().min(2, "Type your full name to sign").max(200, "Must be at most 200 characters"))).meta({
    description: "The candidate's full name, typed as their signature",
  }),
});
export type AcceptOfferInput = z.infer<typeof acceptOfferInput>;

export const declineOfferInput = z.strictObject({
  reason: storableText(z.string().trim().max(2_000, "Must be at most 2000 characters")).optional(),
});
export type DeclineOfferInput = z.infer<typeof declineOfferInput>;
