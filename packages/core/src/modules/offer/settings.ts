import { type Prisma } from "@hireflow/db";
import { type ServiceContext } from "../../kernel/context.ts";
import { recordAudit } from "../audit/audit.ts";
import { DEFAULT_LETTER_TEMPLATE } from "./contract/letter-template.ts";
import { type ApprovalStep } from "./contract/offer.ts";
import { type OfferSettingsDto, type UpdateOfferSettingsInput } from "./contract/settings.ts";
import { requireApprovers } from "./access.ts";

/** Settings → Offers: the letter template and the approval chain new offers start with. */
export async function getOfferSettings(svc: ServiceContext): Promise<OfferSettingsDto> {
  const company = await svc.db.company.findUniqueOrThrow({ where: { id: svc.companyId }, select: { offerLetterTemplate: true, offerApprovalSteps: true } });
  return {
    letter_template: company.offerLetterTemplate ?? DEFAULT_LETTER_TEMPLATE,
    letter_template_is_default: company.offerLetterTemplate === null,
    approval_steps: company.offerApprovalSteps as unknown as ApprovalStep[],
  };
}

export async function updateOfferSettings(svc: ServiceContext, input: UpdateOfferSettingsInput): Promise<OfferSettingsDto> {
  await svc.db.$transaction(async (tx) => {
    const data: Prisma.CompanyUpdateInput = {};
    if (input.letter_template !== undefined) data.offerLetterTemplate = input.letter_template;
    if (input.approval_steps !== undefined) {
      await requireApprovers(tx, input.approval_steps);
      data.offerApprovalSteps = input.approval_steps as unknown as Prisma.InputJsonValue;
    }
    await tx.company.update({ where: { id: svc.companyId }, data });
    await recordAudit(tx, svc, {
      action: "offer_settings.updated",
      target: { type: "company", id: svc.companyId },
      data: { letter_template: input.letter_template === undefined ? "unchanged" : input.letter_template === null ? "default" : "custom", approval_steps: input.approval_steps?.length ?? "unchanged" },
    });
  });
  return getOfferSettings(svc);
}
