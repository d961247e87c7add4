import { type Prisma } from "@hireflow/db";
import { actorUserId, type ServiceContext } from "../../kernel/context.ts";
import { AppError } from "../../kernel/errors.ts";
import { notifyEventsCommitted } from "../../kernel/outbox.ts";
import { DEFAULT_PAGE_SIZE, decodeCursorKey, page } from "../../kernel/pagination.ts";
import { type ScopedTx, tenantRow } from "../../kernel/tenancy.ts";
import {
  type ApprovalStep,
  type CreateOfferInput,
  FINAL_OFFER_STATUSES,
  type ListOffersInput,
  MATERIAL_FIELDS,
  type MaterialField,
  type OfferDetailDto,
  type OfferDto,
  type UpdateOfferInput,
} from "./contract/offer.ts";
import { announceOffer, assertMayDraftFor, findVisibleOffer, lockOffer, readOffer, requireApprovers, visibleOffers } from "./access.ts";
import { readVisibleOffer } from "./read.ts";
import { offerInclude, type OfferRow, serializeOffer, serializeOfferDetail, stepsOf, termsOf } from "./serialize.ts";

/**
 * Drafting and changing offers (issue 41 §1). The offer row holds the current version's terms; every
 * change to a material term writes the next OfferVersion in the same transaction, supersedes the one
 * before (its candidate link stops working: public.ts compares version numbers) and sends the offer
 * back to draft, so a changed offer is approved and sent again before the candidate sees it.
 */
const isFinal = (status: OfferRow["status"]) => (FINAL_OFFER_STATUSES as readonly string[]).includes(status);

function expiresAtOf(value: string | null | undefined): Date | null | undefined {
  if (value === undefined || value === null) return value;
  const at = new Date(value);
  if (at.getTime() <= Date.now()) throw AppError.validation([{ field: "expires_at", message: "Must be in the future" }]);
  return at;
}

/** The database columns of the material terms (the offer's and a version's are the same). */
function termColumns(terms: { start_date: string; job_title: string; salary: CreateOfferInput["salary"]; bonus?: CreateOfferInput["bonus"]; equity?: string | null; expires_at: Date | null | undefined }) {
  return {
    startDate: new Date(`${terms.start_date}T00:00:00Z`),
    jobTitle: terms.job_title,
    salaryAmount: terms.salary.amount,
    salaryCurrency: terms.salary.currency,
    salaryPeriod: terms.salary.period,
    bonusAmount: terms.bonus?.amount ?? null,
    bonusCurrency: terms.bonus?.currency ?? null,
    equity: terms.equity?.trim() || null,
    expiresAt: terms.expires_at ?? null,
  };
}

async function defaultSteps(tx: ScopedTx, companyId: number): Promise<ApprovalStep[]> {
  const company = await tx.company.findUniqueOrThrow({ where: { id: companyId }, select: { offerApprovalSteps: true } });
  return company.offerApprovalSteps as unknown as ApprovalStep[];
}

export async function createOffer(svc: ServiceContext, input: CreateOfferInput): Promise<OfferDetailDto> {
  const expiresAt = expiresAtOf(input.expires_at);
  const result = await svc.db.$transaction(async (tx) => {
    const candidate = await tx.candidate.findUnique({
      where: { id: input.candidate_id },
      select: { id: true, jobId: true, hiredAt: true, rejectedAt: true, job: { select: { id: true, title: true } } },
    });
    if (!candidate) throw AppError.notFound("Candidate", input.candidate_id);
    if (!candidate.job) throw AppError.validation([{ field: "candidate_id", message: `Candidate ${candidate.id} has no job: an offer is for a job` }]);
    await assertMayDraftFor(tx, svc, candidate.job.id);
    if (candidate.rejectedAt) throw new AppError("conflict", `Candidate ${candidate.id} is rejected: move them back into the pipeline before making an offer`);
    if (candidate.hiredAt) throw new AppError("conflict", `Candidate ${candidate.id} is already hired`);
    const open = await tx.offer.findFirst({ where: { candidateId: candidate.id, status: { notIn: [...FINAL_OFFER_STATUSES] } }, select: { id: true, status: true } });
    if (open) throw new AppError("conflict", `Candidate ${candidate.id} already has an open offer (${open.id}, ${open.status}): change or withdraw it instead`);
    const steps = input.approval_steps ?? (await defaultSteps(tx, svc.companyId));
    const approverIds = await requireApprovers(tx, steps);
    const terms = termColumns({ ...input, job_title: input.job_title ?? candidate.job.title, expires_at: expiresAt });
    const created = await tx.offer.create({
      data: tenantRow<Prisma.OfferUncheckedCreateInput>({
        candidateId: candidate.id,
        jobId: candidate.job.id,
        ...terms,
        notes: input.notes ?? "",
        approvalSteps: steps as unknown as Prisma.InputJsonValue,
        approverIds,
        createdById: actorUserId(svc.actor),
      }),
      select: { id: true },
    });
    await tx.offerVersion.create({ data: tenantRow<Prisma.OfferVersionUncheckedCreateInput>({ offerId: created.id, number: 1, ...terms }) });
    const row = await readOffer(tx, created.id);
    await announceOffer(tx, svc, "offer.created", row);
    return serializeOfferDetail(row);
  });
  notifyEventsCommitted();
  return result;
}

/** The material fields the input changes (a value equal to the current one is no change). */
function changedTerms(row: OfferRow, input: UpdateOfferInput): MaterialField[] {
  const current = termsOf(row);
  const given = { ...input, expires_at: input.expires_at === undefined ? undefined : input.expires_at === null ? null : new Date(input.expires_at).toISOString() };
  return MATERIAL_FIELDS.filter((field) => {
    const value = given[field];
    if (value === undefined) return false;
    const normalized = field === "equity" ? (typeof value === "string" ? value.trim() || null : value) : value;
    return JSON.stringify(normalized) !== JSON.stringify(current[field]);
  });
}

export async function updateOffer(svc: ServiceContext, input: UpdateOfferInput): Promise<OfferDetailDto> {
  const result = await svc.db.$transaction(async (tx) => {
    await findVisibleOffer(tx, svc, input.id);
    await lockOffer(tx, svc.companyId, input.id);
    const before = await readOffer(tx, input.id);
    // The deadline as it stands may have passed (a form sends every field back): only a new one must be ahead.
    const unchangedExpiry = typeof input.expires_at === "string" && before.expiresAt?.getTime() === new Date(input.expires_at).getTime();
    const expiresAt = unchangedExpiry ? before.expiresAt : expiresAtOf(input.expires_at);
    if (before.status === "accepted") throw new AppError("conflict", `Offer ${before.id} is accepted and cannot change`);
    if (isFinal(before.status)) throw new AppError("conflict", `Offer ${before.id} is ${before.status} and cannot change: create a new offer for the candidate`);
    const changed = changedTerms(before, input);
    const stepsChanged = input.approval_steps !== undefined && JSON.stringify(input.approval_steps) !== JSON.stringify(stepsOf(before));
    const approverIds = stepsChanged ? await requireApprovers(tx, input.approval_steps!) : undefined;
    const data: Prisma.OfferUpdateInput = {};
    if (input.notes !== undefined) data.notes = input.notes;
    if (stepsChanged) Object.assign(data, { approvalSteps: input.approval_steps as unknown as Prisma.InputJsonValue, approverIds });
    if (changed.length) {
      const current = termsOf(before);
      const terms = termColumns({
        start_date: input.start_date ?? current.start_date,
        job_title: input.job_title ?? current.job_title,
        salary: input.salary ?? current.salary,
        bonus: input.bonus === undefined ? current.bonus : input.bonus,
        equity: input.equity === undefined ? current.equity : input.equity,
        expires_at: expiresAt === undefined ? before.expiresAt : expiresAt,
      });
      const number = before.version + 1;
      await tx.offerVersion.create({ data: tenantRow<Prisma.OfferVersionUncheckedCreateInput>({ offerId: before.id, number, ...terms }) });
      // A new version is a new offer to the candidate: approved again, sent again (the old link is superseded).
      Object.assign(data, terms, { version: number, status: "draft", sentAt: null });
    } else if (stepsChanged && (before.status === "pending_approval" || before.status === "approved")) {
      // Another chain decides from the start: the decisions so far were made under the old one.
      data.status = "draft";
    }
    if (Object.keys(data).length) await tx.offer.update({ where: { id: before.id }, data });
    const row = await readOffer(tx, before.id);
    if (changed.length) await announceOffer(tx, svc, "offer.updated", row, { changed_fields: changed, previous_version: before.version, previous_status: before.status });
    return serializeOfferDetail(row);
  });
  notifyEventsCommitted();
  return result;
}

export async function getOffer(svc: ServiceContext, id: number): Promise<OfferDetailDto> {
  const typed = await readVisibleOffer(svc, id);
  if (typed === null) throw AppError.notFound("Offer", id);
  return serializeOfferDetail(typed ?? (await findVisibleOffer(svc.db, svc, id)));
}

export async function listOffers(svc: ServiceContext, input: ListOffersInput): Promise<{ data: OfferDto[]; pagination: { next_cursor: string | null; has_more: boolean } }> {
  const limit = input.limit ?? DEFAULT_PAGE_SIZE;
  const after = decodeCursorKey(input.cursor);
  const rows = await svc.db.offer.findMany({
    where: {
      AND: [
        visibleOffers(svc),
        {
          ...(input.candidate_id !== undefined ? { candidateId: input.candidate_id } : {}),
          ...(input.job_id !== undefined ? { jobId: input.job_id } : {}),
          ...(input.status !== undefined ? { status: input.status } : {}),
          ...(after ? { id: { lt: after.id } } : {}),
        },
      ],
    },
    include: offerInclude,
    orderBy: { id: "desc" },
    take: limit + 1,
  });
  return page(rows, limit, serializeOffer);
}
