import { isInterviewerOnly, isUserRole } from "../../kernel/roles.ts";
import { type ServiceContext } from "../../kernel/context.ts";
import { AppError } from "../../kernel/errors.ts";
import { type ScopedTx } from "../../kernel/tenancy.ts";
import { recordAudit } from "../audit/audit.ts";

/**
 * A job's hiring team leads (issue 26 §3): members of the company, any role but interviewer, named on
 * the job (`hiring_team_lead_ids`). Like owners and admins they see every scorecard of the job's
 * candidates before submitting their own (scorecards.ts `scorecardView`). The rows go with the member
 * (foreign key ON DELETE CASCADE: removing a member drops them from every list) and with a role change
 * to interviewer (team.ts calls dropLeadsOf).
 */

interface LeadMember {
  id: string;
  email: string;
}

/**
 * The members named, deduplicated in the order given, locked against a concurrent role change (FOR
 * SHARE); a 400 naming each entry that is not a member of the company (another company's user reads the
 * same) or has the role interviewer.
 */
async function requireLeads(tx: ScopedTx | ServiceContext["db"], svc: ServiceContext, ids: readonly string[]): Promise<LeadMember[]> {
  const unique = [...new Set(ids)];
  const rows = unique.length
    ? await tx.$queryRaw<{ id: string; email: string; role: string }[]>`
        SELECT id::text AS id, email, role::text AS role FROM users
        WHERE company_id = ${svc.companyId} AND id = ANY(${unique}::uuid[]) FOR SHARE`
    : [];
  const byId = new Map(rows.map((row) => [row.id, row]));
  const problems: { field: string; message: string }[] = [];
  ids.forEach((id, index) => {
    const member = byId.get(id);
    if (!member) problems.push({ field: `hiring_team_lead_ids[${index}]`, message: `No member with id ${id} in this company (GET /users lists them)` });
    else if (isUserRole(member.role) && isInterviewerOnly(member.role)) {
      problems.push({ field: `hiring_team_lead_ids[${index}]`, message: `${member.email} has the role interviewer: a hiring team lead is an owner, admin or recruiter` });
    }
  });
  if (problems.length) throw AppError.validation(problems, "Hiring team leads must be members of the company with a role other than interviewer");
  return unique.map((id) => byId.get(id)!);
}

/**
 * Sets a job's leads to exactly `ids` (in their order) inside the caller's transaction, and records
 * `job.hiring_team_updated` in the audit log when the list changed.
 */
export async function writeHiringTeamLeads(tx: ScopedTx, svc: ServiceContext, job: { id: number; title: string }, ids: readonly string[]): Promise<void> {
  const leads = await requireLeads(tx, svc, ids);
  const before = (await tx.jobHiringTeamLead.findMany({ where: { jobId: job.id }, select: { userId: true }, orderBy: [{ position: "asc" }, { userId: "asc" }] })).map(
    (row) => row.userId,
  );
  const after = leads.map((lead) => lead.id);
  if (before.length === after.length && before.every((id, index) => id === after[index])) return;
  await tx.jobHiringTeamLead.deleteMany({ where: { jobId: job.id } });
  if (leads.length) {
    await tx.jobHiringTeamLead.createMany({ data: leads.map((lead, position) => ({ jobId: job.id, userId: lead.id, companyId: svc.companyId, position })) });
  }
  await recordAudit(tx, svc, { action: "job.hiring_team_updated", target: { type: "job", id: job.id, label: job.title }, data: { before, after } });
}

/** The same 400s before anything is written (a create must not leave a new department behind). */
export async function checkHiringTeamLeads(svc: ServiceContext, ids: readonly string[] | undefined): Promise<void> {
  if (ids?.length) await requireLeads(svc.db, svc, ids);
}

/** A member who becomes an interviewer leads no job any more (team.ts, inside the role change's transaction). */
export async function dropLeadsOf(tx: ScopedTx, userId: string): Promise<number> {
  const { count } = await tx.jobHiringTeamLead.deleteMany({ where: { userId } });
  return count;
}

/** Whether `userId` is one of the hiring team leads of the job of candidate `candidateId`. */
export async function leadsCandidateJob(db: ServiceContext["db"] | ScopedTx, userId: string, candidateId: number): Promise<boolean> {
  const count = await db.jobHiringTeamLead.count({ where: { userId, job: { candidates: { some: { id: candidateId } } } } });
  return count > 0;
}
