import { z } from "zod";
import { approvalStepSchema, approvalStepsSchema } from "./offer.ts";
import { letterTemplateSchema } from "./letter-template.ts";

/** Settings → Offers: the letter template (null: the built-in default) and the default approval chain. */
export const offerSettingsSchema = z
  .object({
    letter_template: z.string().meta({ description: "The letter's HTML with {{placeholders}} (the built-in default until changed)" }),
    letter_template_is_default: z.boolean(),
    approval_steps: z.array(approvalStepSchema).meta({ description: "The chain new offers start with" }),
  })
  .meta({ id: "OfferSettings" });
export type OfferSettingsDto = z.infer<typeof offerSettingsSchema>;

export const updateOfferSettingsInput = z.strictObject({
  letter_template: letterTemplateSchema.nullable().optional().meta({ description: "null restores the built-in default" }),
  approval_steps: approvalStepsSchema.optional(),
});
export type UpdateOfferSettingsInput = z.infer<typeof updateOfferSettingsInput>;
