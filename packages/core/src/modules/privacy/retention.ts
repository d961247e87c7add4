import { type PrismaClient, type Sql, sql } from "@hireflow/db";
import { type PrivacySettingsDto, type UpdatePrivacySettingsInput } from "./contract/privacy.ts";
import { type ServiceContext } from "../../kernel/context.ts";
import { recordSettingChanges } from "../audit/audit.ts";

export type RetentionScope = "rejected" | "not_hired";

type RawQueries = Pick<PrismaClient, "$queryRaw">;

export interface RetentionRule {
  months: number;
  scope: RetentionScope;
}

/** The type of candidate `c`'s stage in its job's pipeline (its stage value when it has no job). */
const STAGE_TYPE_OF_C = sql`COALESCE((SELECT s.type::text FROM job_stages s WHERE s.job_id = c.job_id AND s.key = c.stage), c.stage)`;

/**
 * Candidates a retention rule erases: in a rejected-type stage (or, with `not_hired`, any not hired) and without
 * activity for `months` — the last of the row's update, its newest activity (a note, a stage change)
 * and its creation. Raw SQL (the scoping extension does not see it): it filters by company itself.
 */
function eligible(companyId: number, rule: RetentionRule): Sql {
  return sql`
    c.company_id = ${companyId}
    AND (CASE WHEN ${rule.scope} = 'rejected' THEN ${STAGE_TYPE_OF_C} = 'rejected' ELSE ${STAGE_TYPE_OF_C} <> 'hired' END)
    AND GREATEST(c.updated_at, c.created_at,
          COALESCE((SELECT max(a.created_at) FROM candidate_activities a WHERE a.candidate_id = c.id), c.created_at))
        < now() - make_interval(months => ${rule.months}::int)`;
}

export async function retentionEligibleIds(db: RawQueries, companyId: number, rule: RetentionRule, limit: number): Promise<number[]> {
  const rows = await db.$queryRaw<{ id: number }[]>`SELECT c.id FROM candidates c WHERE ${eligible(companyId, rule)} ORDER BY c.id LIMIT ${limit}`;
  return rows.map((row) => row.id);
}

export async function countRetentionEligible(db: RawQueries, companyId: number, rule: RetentionRule): Promise<number> {
  const [row] = await db.$queryRaw<{ count: bigint }[]>`SELECT count(*) AS count FROM candidates c WHERE ${eligible(companyId, rule)}`;
  return Number(row?.count ?? 0);
}

/** The company's retention rule and privacy policy, with how many candidates the rule would erase now. */
export async function getPrivacySettings(svc: ServiceContext): Promise<PrivacySettingsDto> {
  const company = await svc.db.company.findUniqueOrThrow({
    where: { id: svc.companyId },
    select: { retentionMonths: true, retentionScope: true, privacyPolicyUrl: true, allowedOrigins: true },
  });
  return {
    retention_months: company.retentionMonths,
    retention_scope: company.retentionScope,
    privacy_policy_url: company.privacyPolicyUrl,
    allowed_origins: company.allowedOrigins,
    eligible_now: company.retentionMonths === null ? 0 : await countRetentionEligible(svc.db, svc.companyId, { months: company.retentionMonths, scope: company.retentionScope }),
  };
}

export async function updatePrivacySettings(svc: ServiceContext, input: UpdatePrivacySettingsInput): Promise<PrivacySettingsDto> {
  await svc.db.$transaction(async (tx) => {
    const select = { retentionMonths: true, retentionScope: true, privacyPolicyUrl: true, allowedOrigins: true } as const;
    const before = await tx.company.findUniqueOrThrow({ where: { id: svc.companyId }, select });
    const after = await tx.company.update({
      where: { id: svc.companyId },
      data: {
        ...(input.retention_months !== undefined && { retentionMonths: input.retention_months }),
        ...(input.retention_scope !== undefined && { retentionScope: input.retention_scope }),
        ...(input.privacy_policy_url !== undefined && { privacyPolicyUrl: input.privacy_policy_url }),
        // Stored as browsers send them (lower case, no trailing slash), each once.
        ...(input.allowed_origins !== undefined && { allowedOrigins: [...new Set(input.allowed_origins.map((origin) => new URL(origin).origin))] }),
      },
      select,
    });
    await recordSettingChanges(tx, svc, "privacy_settings.updated", before, after, [
      ["retention_months", "retentionMonths"],
      ["retention_scope", "retentionScope"],
      ["privacy_policy_url", "privacyPolicyUrl"],
      ["allowed_origins", "allowedOrigins"],
    ]);
  });
  return getPrivacySettings(svc);
}
