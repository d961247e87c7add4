import { mailFrom, smtpUrl } from "@hireflow/config";
import { type EmailSettingsDto, type UpdateEmailSettingsInput } from "../contracts/email.ts";
import { type ServiceContext } from "../context.ts";
import { recordAudit } from "./audit.ts";
import { senderOf } from "./email-sender.ts";

const SELECT = { mailFromName: true, mailFromAddress: true, mailReplyTo: true } as const;

/** Settings → E-mail: the company's sender, what is used now, and whether the server sends at all. */
export async function getEmailSettings(svc: ServiceContext): Promise<EmailSettingsDto> {
  const company = await svc.db.company.findUniqueOrThrow({ where: { id: svc.companyId }, select: SELECT });
  const sender = senderOf(company);
  return {
    from_name: company.mailFromName,
    from_address: company.mailFromAddress,
    reply_to: company.mailReplyTo,
    effective: { from: sender.from, reply_to: sender.replyTo },
    server_default: mailFrom(),
    delivery: smtpUrl() ? "smtp" : "log_only",
  };
}

/** Applies to messages queued from now on (a queued message keeps the sender it was queued with). */
export async function updateEmailSettings(svc: ServiceContext, input: UpdateEmailSettingsInput): Promise<EmailSettingsDto> {
  const blankToNull = (value: string | null | undefined) => (value === undefined ? undefined : value === null || value.trim() === "" ? null : value.trim());
  const data = {
    ...(input.from_name !== undefined && { mailFromName: blankToNull(input.from_name) }),
    ...(input.from_address !== undefined && { mailFromAddress: blankToNull(input.from_address)?.toLowerCase() ?? null }),
    ...(input.reply_to !== undefined && { mailReplyTo: blankToNull(input.reply_to)?.toLowerCase() ?? null }),
  };
  await svc.db.$transaction(async (tx) => {
    const before = await tx.company.findUniqueOrThrow({ where: { id: svc.companyId }, select: SELECT });
    const after = await tx.company.update({ where: { id: svc.companyId }, data, select: SELECT });
    // The audit log: each changed setting with its value before and after.
    const changes = Object.fromEntries(
      ([["from_name", "mailFromName"], ["from_address", "mailFromAddress"], ["reply_to", "mailReplyTo"]] as const)
        .filter(([, field]) => before[field] !== after[field])
        .map(([name, field]) => [name, { from: before[field], to: after[field] }]),
    );
    if (Object.keys(changes).length) await recordAudit(tx, svc, { action: "email_settings.updated", target: { type: "company", id: svc.companyId }, data: changes });
  });
  return getEmailSettings(svc);
}
