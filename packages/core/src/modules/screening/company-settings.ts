import { type CompanyScreeningSettingsDto, type UpdateCompanyScreeningSettingsInput } from "./contract/screening-notice.ts";
import { type ServiceContext } from "../../kernel/context.ts";
import { recordAudit } from "../audit/audit.ts";

/**
 * Settings → AI screening (docs/SCREENING.md, "Human oversight"): the company-wide pause switch,
 * the hold-back after a job's notice and the notice's contact. Every change is in the audit log,
 * with its value before and after.
 */
const SELECT = { aiAgentPaused: true, screeningHoldBackDays: true, screeningContact: true } as const;
const FIELDS = [
  ["ai_agent_paused", "aiAgentPaused"],
  ["hold_back_business_days", "screeningHoldBackDays"],
  ["notice_contact", "screeningContact"],
] as const;

type Row = { aiAgentPaused: boolean; screeningHoldBackDays: number; screeningContact: string | null };

const toDto = (row: Row): CompanyScreeningSettingsDto => ({
  ai_agent_paused: row.aiAgentPaused,
  hold_back_business_days: row.screeningHoldBackDays,
  notice_contact: row.screeningContact,
});

export async function getCompanyScreeningSettings(svc: ServiceContext): Promise<CompanyScreeningSettingsDto> {
  return toDto(await svc.db.company.findUniqueOrThrow({ where: { id: svc.companyId }, select: SELECT }));
}

export async function updateCompanyScreeningSettings(svc: ServiceContext, input: UpdateCompanyScreeningSettingsInput): Promise<CompanyScreeningSettingsDto> {
  return svc.db.$transaction(async (tx) => {
    const before = await tx.company.findUniqueOrThrow({ where: { id: svc.companyId }, select: SELECT });
    const after = await tx.company.update({
      where: { id: svc.companyId },
      data: {
        ...(input.ai_agent_paused !== undefined && { aiAgentPaused: input.ai_agent_paused }),
        ...(input.hold_back_business_days !== undefined && { screeningHoldBackDays: input.hold_back_business_days }),
        ...(input.notice_contact !== undefined && { screeningContact: input.notice_contact || null }),
      },
      select: SELECT,
    });
    const changes = Object.fromEntries(FIELDS.filter(([, field]) => before[field] !== after[field]).map(([name, field]) => [name, { from: before[field], to: after[field] }]));
    if (Object.keys(changes).length) {
      // Pausing and resuming the agent is an action of its own in the log: who stopped it, and when.
      const action = "ai_agent_paused" in changes ? (after.aiAgentPaused ? "ai_agent.paused" : "ai_agent.resumed") : "screening_settings.updated";
      await recordAudit(tx, svc, { action, target: { type: "company", id: svc.companyId }, data: changes });
    }
    return toDto(after);
  });
}
