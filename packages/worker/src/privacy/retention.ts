import { envInt } from "@hireflow/config";
import { AppError, eraseCandidate, logger, retentionEligibleIds, systemContext } from "@hireflow/core";
import { getPrisma, type PrismaClient } from "@hireflow/db";
import { defineSchedule } from "../runtime/index.ts";

const BATCH = 200;

/**
 * The companies' retention rules (Settings → Privacy): every candidate a rule makes eligible is erased
 * through the same path as DELETE /candidates/{id} (so its blob, events and a `candidate.deleted`
 * go the same way), one candidate per transaction. Returns how many were erased.
 */
export async function eraseExpiredCandidates(prisma: PrismaClient = getPrisma()): Promise<number> {
  const companies = await prisma.company.findMany({ where: { retentionMonths: { not: null } }, select: { id: true, retentionMonths: true, retentionScope: true } });
  let erased = 0;
  for (const company of companies) {
    const svc = systemContext(prisma, company.id);
    const rule = { months: company.retentionMonths!, scope: company.retentionScope };
    for (;;) {
      const ids = await retentionEligibleIds(prisma, company.id, rule, BATCH);
      for (const id of ids) {
        try {
          await eraseCandidate(svc, id);
          erased++;
        } catch (error) {
          // Erased meanwhile (by a person, or another process running this schedule).
          if (!(error instanceof AppError && error.code === "not_found")) throw error;
        }
      }
      if (ids.length < BATCH) break;
    }
  }
  if (erased > 0) logger.info("erased candidates past their company's retention", { count: erased });
  return erased;
}

/** Daily, on Inngest or in-process. */
export const candidateRetentionSchedule = defineSchedule({
  id: "candidate-retention",
  cron: "41 3 * * *",
  intervalMs: () => envInt("CANDIDATE_RETENTION_INTERVAL_MS", 24 * 60 * 60 * 1000),
  run: () => eraseExpiredCandidates(),
});
