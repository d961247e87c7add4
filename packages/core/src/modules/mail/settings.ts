import { mailFrom, smtpUrl } from "@hireflow/config";
import { type EmailSettingsDto, type UpdateEmailSettingsInput } from "./contract/email.ts";
import { type ServiceContext } from "../../kernel/context.ts";
import { recordSettingChanges } from "../audit/audit.ts";
import { DEFAULT_TEMPLATES } from "./candidate-templates.ts";
import { EDITABLE_EMAIL_KINDS, type Placeholder, PLACEHOLDERS, TEMPLATE_PLACEHOLDERS } from "./contract/templates.ts";
import { senderOf } from "./sender.ts";

const SELECT = {
  name: true,
  mailFromName: true,
  mailFromAddress: true,
  mailReplyTo: true,
  applicationEmailEnabled: true,
  applicationEmailForApi: true,
  applicationEmailSubject: true,
  applicationEmailBody: true,
  rejectionEmailSubject: true,
  rejectionEmailBody: true,
  rejectionEmailDelayMinutes: true,
  schedulingEmailSubject: true,
  schedulingEmailBody: true,
} as const;

/** Audit names of the settings, in the order the page shows them. */
const AUDITED = [
  ["from_name", "mailFromName"],
  ["from_address", "mailFromAddress"],
  ["reply_to", "mailReplyTo"],
  ["application_received.enabled", "applicationEmailEnabled"],
  ["application_received.send_for_api", "applicationEmailForApi"],
  ["application_received.subject", "applicationEmailSubject"],
  ["application_received.body", "applicationEmailBody"],
  ["rejection.subject", "rejectionEmailSubject"],
  ["rejection.body", "rejectionEmailBody"],
  ["rejection.delay_minutes", "rejectionEmailDelayMinutes"],
  ["scheduling_link.subject", "schedulingEmailSubject"],
  ["scheduling_link.body", "schedulingEmailBody"],
] as const;

/** The placeholders of the templates a company edits (the screening explanation's template is built in). */
const PLACEHOLDER_LIST = (Object.keys(PLACEHOLDERS) as Placeholder[])
  .map((name) => ({
    name,
    description: PLACEHOLDERS[name],
    templates: EDITABLE_EMAIL_KINDS.filter((kind) => TEMPLATE_PLACEHOLDERS[kind].includes(name)),
  }))
  .filter((p) => p.templates.length > 0);

/** Settings → E-mail: the company's sender, what is used now, whether the server sends at all, and the candidate e-mails. */
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
    application_received: {
      enabled: company.applicationEmailEnabled,
      send_for_api: company.applicationEmailForApi,
      subject: company.applicationEmailSubject ?? DEFAULT_TEMPLATES.application_received.subject,
      body: company.applicationEmailBody ?? DEFAULT_TEMPLATES.application_received.body,
      is_default: company.applicationEmailSubject === null && company.applicationEmailBody === null,
    },
    rejection: {
      subject: company.rejectionEmailSubject ?? DEFAULT_TEMPLATES.rejection.subject,
      body: company.rejectionEmailBody ?? DEFAULT_TEMPLATES.rejection.body,
      is_default: company.rejectionEmailSubject === null && company.rejectionEmailBody === null,
      delay_minutes: company.rejectionEmailDelayMinutes,
    },
    scheduling_link: {
      subject: company.schedulingEmailSubject ?? DEFAULT_TEMPLATES.scheduling_link.subject,
      body: company.schedulingEmailBody ?? DEFAULT_TEMPLATES.scheduling_link.body,
      is_default: company.schedulingEmailSubject === null && company.schedulingEmailBody === null,
    },
    company_name: company.name,
    placeholders: PLACEHOLDER_LIST,
  };
}

/**
 * Applies to messages queued from now on (a queued message keeps the sender and text it was queued
 * with). A template given as null — or as the built-in text itself — is stored as null, so it
 * follows the built-in template.
 */
export async function updateEmailSettings(svc: ServiceContext, input: UpdateEmailSettingsInput): Promise<EmailSettingsDto> {
  const blankToNull = (value: string | null | undefined) => (value === undefined ? undefined : value === null || value.trim() === "" ? null : value.trim());
  const template = (value: string | null | undefined, builtIn: string) => (value === undefined ? undefined : value === null || value === builtIn ? null : value);
  const application = input.application_received;
  const rejection = input.rejection;
  const scheduling = input.scheduling_link;
  const data = {
    ...(input.from_name !== undefined && { mailFromName: blankToNull(input.from_name) }),
    ...(input.from_address !== undefined && { mailFromAddress: blankToNull(input.from_address)?.toLowerCase() ?? null }),
    ...(input.reply_to !== undefined && { mailReplyTo: blankToNull(input.reply_to)?.toLowerCase() ?? null }),
    ...(application?.enabled !== undefined && { applicationEmailEnabled: application.enabled }),
    ...(application?.send_for_api !== undefined && { applicationEmailForApi: application.send_for_api }),
    ...(application?.subject !== undefined && { applicationEmailSubject: template(application.subject, DEFAULT_TEMPLATES.application_received.subject) }),
    ...(application?.body !== undefined && { applicationEmailBody: template(application.body, DEFAULT_TEMPLATES.application_received.body) }),
    ...(rejection?.subject !== undefined && { rejectionEmailSubject: template(rejection.subject, DEFAULT_TEMPLATES.rejection.subject) }),
    ...(rejection?.body !== undefined && { rejectionEmailBody: template(rejection.body, DEFAULT_TEMPLATES.rejection.body) }),
    ...(rejection?.delay_minutes !== undefined && { rejectionEmailDelayMinutes: rejection.delay_minutes }),
    ...(scheduling?.subject !== undefined && { schedulingEmailSubject: template(scheduling.subject, DEFAULT_TEMPLATES.scheduling_link.subject) }),
    ...(scheduling?.body !== undefined && { schedulingEmailBody: template(scheduling.body, DEFAULT_TEMPLATES.scheduling_link.body) }),
  };
  await svc.db.$transaction(async (tx) => {
    const before = await tx.company.findUniqueOrThrow({ where: { id: svc.companyId }, select: SELECT });
    const after = await tx.company.update({ where: { id: svc.companyId }, data, select: SELECT });
    await recordSettingChanges(tx, svc, "email_settings.updated", before, after, AUDITED);
  });
  return getEmailSettings(svc);
}
