import { type Prisma } from "@hireflow/db";
import { actorKind, actorUserId, type ServiceContext } from "../../kernel/context.ts";
import { AppError } from "../../kernel/errors.ts";
import { candidateUrl, recordEvent } from "../../kernel/outbox.ts";
import { type ScopedDb, type ScopedTx } from "../../kernel/tenancy.ts";
import { type EventType } from "../../kernel/contract/event-types.ts";
import { type ApprovalStep } from "./contract/offer.ts";
import { offerEventPayload, offerInclude, type OfferRow } from "./serialize.ts";

/**
 * Who sees which offers (issue 41 §4), decided here alone for the API, the web app and MCP: owners,
 * admins and API keys see every offer; a recruiter sees the offers of jobs whose hiring team they lead
 * and those they are an approver of; an interviewer sees none (trpc.ts answers them 404 before a
 * procedure runs; this is the second line).
 */
export function visibleOffers(svc: Pick<ServiceContext, "actor" | "role">): Prisma.OfferWhereInput {
  const userId = actorUserId(svc.actor);
  if (!userId || !svc.role || svc.role === "owner" || svc.role === "admin") return {};
  if (svc.role === "interviewer") return { id: -1 };
  return { OR: [{ job: { hiringTeamLeads: { some: { userId } } } }, { approverIds: { has: userId } }] };
}

/** A recruiter drafts offers only for the jobs whose hiring team they lead (others see them as a 403, not a 404: the candidate is theirs to see). */
export async function assertMayDraftFor(db: ScopedDb | ScopedTx, svc: ServiceContext, jobId: number): Promise<void> {
  const userId = actorUserId(svc.actor);
  if (!userId || svc.role !== "recruiter") return;
  const lead = await db.jobHiringTeamLead.findUnique({ where: { jobId_userId: { jobId, userId } }, select: { jobId: true } });
  if (!lead) throw new AppError("forbidden", "Recruiters draft offers for the jobs whose hiring team they lead; ask an admin to add you to this job's hiring team");
}

export async function findVisibleOffer(db: ScopedDb | ScopedTx, svc: ServiceContext, id: number): Promise<OfferRow> {
  const row = await db.offer.findFirst({ where: { id, ...visibleOffers(svc) }, include: offerInclude });
  if (!row) throw AppError.notFound("Offer", id);
  return row;
}

/** The offer as the services work on it (after a lock or a write in the same transaction). */
export async function readOffer(tx: ScopedTx, id: number): Promise<OfferRow> {
  return tx.offer.findUniqueOrThrow({ where: { id }, include: offerInclude });
}

/** Row lock for the rest of the transaction: two changes of one offer take turns (raw SQL filters by company itself). */
export async function lockOffer(tx: ScopedTx, companyId: number, id: number): Promise<void> {
  await tx.$queryRaw`SELECT 1 FROM offers WHERE id = ${id} AND company_id = ${companyId} FOR UPDATE`;
}

/** Every approver named must be a member who may see offers (not an interviewer); a 400 naming each one that is not. */
export async function requireApprovers(db: ScopedDb | ScopedTx, steps: readonly ApprovalStep[]): Promise<string[]> {
  const ids = [...new Set(steps.flatMap((step) => step.approver_ids))];
  if (!ids.length) return [];
  const members = await db.user.findMany({ where: { id: { in: ids } }, select: { id: true, role: true } });
  const roles = new Map(members.map((member) => [member.id, member.role]));
  const problems = steps.flatMap((step, i) =>
    step.approver_ids.flatMap((id, j) => {
      const field = `approval_steps[${i}].approver_ids[${j}]`;
      const role = roles.get(id);
      if (!role) return [{ field, message: `No member with id ${id} in this company (GET /users lists them)` }];
      if (role === "interviewer") return [{ field, message: `Member ${id} is an interviewer: interviewers never see offers, so they cannot approve one` }];
      return [];
    }),
  );
  if (problems.length) throw AppError.validation(problems, "Approvers must be members of the company who may see offers");
  return ids;
}

type OfferEvent = Extract<EventType, `offer.${string}`>;

/** Records an offer.* event (or candidate.hired) with what every offer event carries: the offer without notes, its candidate and job. */
export async function announceOffer(tx: ScopedTx, svc: ServiceContext, type: OfferEvent | "candidate.hired", row: OfferRow, extra: Record<string, unknown> = {}): Promise<void> {
  const [candidate, job] = await Promise.all([
    tx.candidate.findUnique({ where: { id: row.candidateId }, select: { id: true, publicId: true, name: true, email: true, phone: true, hiredAt: true } }),
    tx.job.findUnique({ where: { id: row.jobId }, select: { id: true, title: true } }),
  ]);
  await recordEvent(tx, type, {
    offer: offerEventPayload(row),
    candidate: {
      id: row.candidateId,
      public_id: candidate?.publicId ?? null,
      name: candidate?.name ?? null,
      email: candidate?.email ?? null,
      url: candidateUrl(row.candidateId),
      ...(type === "candidate.hired" ? { phone: candidate?.phone ?? null, hired_at: candidate?.hiredAt?.toISOString() ?? null } : {}),
    },
    job: { id: job?.id ?? row.jobId, title: job?.title ?? null },
    company: { id: svc.companyId },
    ...extra,
    changed_by: actorKind(svc.actor),
    changed_by_user_id: actorUserId(svc.actor),
  });
}
