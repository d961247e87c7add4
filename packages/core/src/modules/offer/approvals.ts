import { type Prisma } from "@hireflow/db";
import { actorUserId, type ServiceContext } from "../../kernel/context.ts";
import { AppError } from "../../kernel/errors.ts";
import { notifyEventsCommitted } from "../../kernel/outbox.ts";
import { type ScopedTx, tenantRow } from "../../kernel/tenancy.ts";
import { recordAudit } from "../audit/audit.ts";
import { type DecideOfferInput, type OfferDetailDto, type OfferDto } from "./contract/offer.ts";
import { announceOffer, findVisibleOffer, lockOffer, readOffer } from "./access.ts";
import { offerInclude, type OfferRow, serializeOffer, serializeOfferDetail, stepsOf } from "./serialize.ts";

/**
 * The approval chain (issue 41 §1): ordered steps, each done when `required` of its approvers approved;
 * the last step done approves the offer, a reject sends it back to draft with the decision kept. Each
 * request for approval starts a new round, so decisions made on an earlier version or chain stay in the
 * history (GET /offers/{id}: approvals[].current false) without counting again.
 */
const auditTarget = (row: OfferRow) => ({ type: "offer" as const, id: row.id, label: `Offer ${row.id} v${row.version}` });

/** Moves the offer on to `step` (announcing who decides now), or approves it when no step is left. */
async function enterStep(tx: ScopedTx, svc: ServiceContext, offerId: number, step: number): Promise<OfferRow> {
  const steps = stepsOf(await tx.offer.findUniqueOrThrow({ where: { id: offerId }, select: { approvalSteps: true } }));
  if (step >= steps.length) {
    await tx.offer.update({ where: { id: offerId }, data: { status: "approved", approvalStep: steps.length } });
    const row = await readOffer(tx, offerId);
    await announceOffer(tx, svc, "offer.approved", row);
    return row;
  }
  await tx.offer.update({ where: { id: offerId }, data: { status: "pending_approval", approvalStep: step } });
  const row = await readOffer(tx, offerId);
  await announceOffer(tx, svc, "offer.approval_requested", row, { step, approver_ids: steps[step]!.approver_ids, required: steps[step]!.required });
  return row;
}

export async function requestOfferApproval(svc: ServiceContext, id: number): Promise<OfferDetailDto> {
  const result = await svc.db.$transaction(async (tx) => {
    await findVisibleOffer(tx, svc, id);
    await lockOffer(tx, svc.companyId, id);
    const before = await readOffer(tx, id);
    if (before.status !== "draft") throw new AppError("conflict", `Offer ${id} is ${before.status}: only a draft is sent for approval`);
    await tx.offer.update({ where: { id }, data: { approvalRound: { increment: 1 } } });
    await recordAudit(tx, svc, { action: "offer.approval_requested", target: auditTarget(before), data: { version: before.version, steps: stepsOf(before).length } });
    return serializeOfferDetail(await enterStep(tx, svc, id, 0));
  });
  notifyEventsCommitted();
  return result;
}

/** Who decides: the signed-in member, or with an API key the member named by on_behalf_of (required then). */
function deciderOf(svc: ServiceContext, input: DecideOfferInput): string {
  const userId = actorUserId(svc.actor);
  if (userId !== null) {
    if (input.on_behalf_of !== undefined && input.on_behalf_of !== userId) {
      throw AppError.validation([{ field: "on_behalf_of", message: "A signed-in member decides as themself; on_behalf_of is for API keys" }]);
    }
    return userId;
  }
  if (input.on_behalf_of === undefined) {
    throw AppError.validation([{ field: "on_behalf_of", message: "With an API key, name the member deciding: an approver of the offer's current step (GET /users)" }]);
  }
  return input.on_behalf_of;
}

export async function decideOffer(svc: ServiceContext, input: DecideOfferInput): Promise<OfferDetailDto> {
  const approverId = deciderOf(svc, input);
  const result = await svc.db.$transaction(async (tx) => {
    await findVisibleOffer(tx, svc, input.id);
    await lockOffer(tx, svc.companyId, input.id);
    const before = await readOffer(tx, input.id);
    if (before.status !== "pending_approval") throw new AppError("conflict", `Offer ${before.id} is ${before.status}, not pending approval`);
    const step = stepsOf(before)[before.approvalStep];
    if (!step?.approver_ids.includes(approverId)) {
      throw new AppError("forbidden", `Member ${approverId} is not an approver of the offer's current step (${before.approvalStep + 1} of ${stepsOf(before).length})`);
    }
    const already = before.approvals.find((a) => a.round === before.approvalRound && a.step === before.approvalStep && a.approver.id === approverId);
    if (already) throw new AppError("conflict", `Member ${approverId} already decided (${already.decision}) at this step`);
    await tx.offerApproval.create({
      data: tenantRow<Prisma.OfferApprovalUncheckedCreateInput>({
        offerId: before.id,
        version: before.version,
        round: before.approvalRound,
        step: before.approvalStep,
        approverId,
        decision: input.decision,
        comment: input.comment ?? "",
      }),
    });
    await recordAudit(tx, svc, { action: input.decision === "approve" ? "offer.approved" : "offer.rejected", target: auditTarget(before), data: { version: before.version, step: before.approvalStep, approver_id: approverId } });
    if (input.decision === "reject") {
      await tx.offer.update({ where: { id: before.id }, data: { status: "draft" } });
      const row = await readOffer(tx, before.id);
      await announceOffer(tx, svc, "offer.approval_rejected", row, { step: before.approvalStep, approver_id: approverId, comment: input.comment ?? "" });
      return serializeOfferDetail(row);
    }
    const approvals = await tx.offerApproval.count({ where: { offerId: before.id, round: before.approvalRound, step: before.approvalStep, decision: "approve" } });
    if (approvals < step.required) return serializeOfferDetail(await readOffer(tx, before.id));
    return serializeOfferDetail(await enterStep(tx, svc, before.id, before.approvalStep + 1));
  });
  notifyEventsCommitted();
  return result;
}

type AwaitingRow = Pick<OfferRow, "approvalSteps" | "approvalStep" | "approvalRound"> & { approvals: { approverId: string; round: number; step: number }[] };

/** Whether the offer's current step names the member and they have not decided at it yet. */
function awaits(row: AwaitingRow, userId: string): boolean {
  if (!stepsOf(row)[row.approvalStep]?.approver_ids.includes(userId)) return false;
  return !row.approvals.some((a) => a.round === row.approvalRound && a.step === row.approvalStep && a.approverId === userId);
}

const pendingFor = (userId: string) => ({ status: "pending_approval" as const, approverIds: { has: userId } });

/** "My approvals": the offers whose current step names the member and that they have not decided yet. */
export async function offersAwaitingDecision(svc: ServiceContext): Promise<OfferDto[]> {
  const userId = actorUserId(svc.actor);
  if (!userId) return [];
  const rows = await svc.db.offer.findMany({ where: pendingFor(userId), include: offerInclude, orderBy: { id: "asc" }, take: 200 });
  return rows.filter((row) => awaits({ ...row, approvals: row.approvals.map((a) => ({ approverId: a.approver.id, round: a.round, step: a.step })) }, userId)).map(serializeOffer);
}

/** The menu's count on every page: the same rule over the few columns it needs, not whole offers. */
export async function countOffersAwaitingDecision(svc: ServiceContext): Promise<number> {
  const userId = actorUserId(svc.actor);
  if (!userId) return 0;
  const rows = await svc.db.offer.findMany({
    where: pendingFor(userId),
    select: { approvalSteps: true, approvalStep: true, approvalRound: true, approvals: { where: { approverId: userId }, select: { approverId: true, round: true, step: true } } },
    take: 200,
  });
  return rows.filter((row) => awaits(row, userId)).length;
}
