import { type Prisma } from "@hireflow/db";
import { fileUrl } from "@hireflow/storage";
import { type ApprovalStep, type OfferDetailDto, type OfferDto } from "./contract/offer.ts";
import { type PublicOfferDto } from "./contract/public-offer.ts";

/** An offer as the services read it: its versions (for the current letter) and its decisions. */
export const offerInclude = {
  versions: { orderBy: { number: "desc" } },
  approvals: { orderBy: { id: "asc" }, include: { approver: { select: { id: true, name: true, email: true } } } },
} as const satisfies Prisma.OfferInclude;

export type OfferRow = Prisma.OfferGetPayload<{ include: typeof offerInclude }>;
type Terms = Pick<OfferRow, "startDate" | "jobTitle" | "salaryAmount" | "salaryCurrency" | "salaryPeriod" | "bonusAmount" | "bonusCurrency" | "equity" | "expiresAt">;
type VersionView = Terms & Pick<OfferRow["versions"][number], "number" | "letterKey" | "createdAt">;
type ApprovalView = Pick<OfferRow["approvals"][number], "id" | "approver" | "decision" | "comment" | "step" | "version" | "round" | "createdAt">;
/**
 * What the serializers read: the offer's columns, and of its versions and decisions only what the API
 * shows (no letter HTML, no token hash). An OfferRow is one; so is GET's typed read (read.ts).
 */
export type OfferView = Omit<OfferRow, "versions" | "approvals"> & { versions: VersionView[]; approvals: ApprovalView[] };

const day = (date: Date) => date.toISOString().slice(0, 10);

/** The material fields as the API writes them (an offer's or a version's). */
export function termsOf(row: Terms) {
  return {
    start_date: day(row.startDate),
    job_title: row.jobTitle,
    salary: { amount: row.salaryAmount, currency: row.salaryCurrency, period: row.salaryPeriod },
    bonus: bonusOf(row),
    equity: row.equity,
    expires_at: row.expiresAt?.toISOString() ?? null,
  };
}

const bonusOf = (row: Pick<Terms, "bonusAmount" | "bonusCurrency">) =>
  row.bonusAmount === null || row.bonusCurrency === null ? null : { amount: row.bonusAmount, currency: row.bonusCurrency };

export const stepsOf = (row: Pick<OfferRow, "approvalSteps">) => row.approvalSteps as unknown as ApprovalStep[];

const currentVersionOf = (row: OfferView) => row.versions.find((version) => version.number === row.version) ?? null;

/** A download name the candidate recognises: "Offer - Jane Doe - v2.pdf". */
function letterFilename(row: Pick<OfferRow, "jobTitle" | "version">, suffix = "") {
  return `Offer - ${row.jobTitle} - v${row.version}${suffix}.pdf`;
}

function letterUrl(row: OfferView): string | null {
  const key = currentVersionOf(row)?.letterKey;
  return key ? fileUrl({ key, filename: letterFilename(row), contentType: "application/pdf" }) : null;
}

/**
 * The fields the candidate's page and the public API show as well. Written out key by key into one
 * object (no spread of a partial object into another): GET /offers/{id} serializes on every request,
 * and the spreads were most of this function's time (issue 41's CPU target).
 */
function publicFields(row: OfferView) {
  return {
    id: row.id,
    candidate_id: row.candidateId,
    job_id: row.jobId,
    status: row.status,
    version: row.version,
    start_date: day(row.startDate),
    job_title: row.jobTitle,
    salary: { amount: row.salaryAmount, currency: row.salaryCurrency, period: row.salaryPeriod },
    bonus: bonusOf(row),
    equity: row.equity,
    expires_at: row.expiresAt?.toISOString() ?? null,
    sent_at: row.sentAt?.toISOString() ?? null,
    accepted_at: row.acceptedAt?.toISOString() ?? null,
    declined_at: row.declinedAt?.toISOString() ?? null,
    decline_reason: row.declineReason,
    signature:
      row.signatureName && row.signedAt && row.signedDocumentSha256
        ? { name: row.signatureName, signed_at: row.signedAt.toISOString(), document_sha256: row.signedDocumentSha256 }
        : null,
    letter_url: letterUrl(row),
  };
}

export function serializeOffer(row: OfferView): OfferDto {
  const dto: OfferDto = publicFields(row) as OfferDto;
  dto.notes = row.notes;
  dto.approval_steps = stepsOf(row);
  dto.current_step = row.status === "pending_approval" ? row.approvalStep : null;
  dto.signed_copy_url = row.signedCopyKey ? fileUrl({ key: row.signedCopyKey, filename: letterFilename(row, " - signed"), contentType: "application/pdf" }) : null;
  dto.withdrawn_at = row.withdrawnAt?.toISOString() ?? null;
  dto.expired_at = row.expiredAt?.toISOString() ?? null;
  dto.created_at = row.createdAt.toISOString();
  dto.updated_at = row.updatedAt.toISOString();
  return dto;
}

/** Decisions of the round under way (or the round that approved the offer) count; earlier ones are history. */
function isCurrentDecision(row: OfferView, approval: ApprovalView): boolean {
  return approval.round === row.approvalRound && approval.version === row.version && row.status !== "draft";
}

export function serializeOfferDetail(row: OfferView): OfferDetailDto {
  const dto = serializeOffer(row) as OfferDetailDto;
  dto.versions = row.versions.map((version) => ({
    number: version.number,
    start_date: day(version.startDate),
    job_title: version.jobTitle,
    salary: { amount: version.salaryAmount, currency: version.salaryCurrency, period: version.salaryPeriod },
    bonus: bonusOf(version),
    equity: version.equity,
    expires_at: version.expiresAt?.toISOString() ?? null,
    status: version.number === row.version ? "current" : "superseded",
    created_at: version.createdAt.toISOString(),
  }));
  dto.approvals = row.approvals.map((approval) => ({
    id: approval.id,
    approver: approval.approver,
    decision: approval.decision,
    comment: approval.comment,
    step: approval.step,
    version: approval.version,
    current: isCurrentDecision(row, approval),
    created_at: approval.createdAt.toISOString(),
  }));
  return dto;
}

/** What webhooks carry: the offer without the team's notes. */
export function offerEventPayload(row: OfferView): Omit<OfferDto, "notes"> {
  const { notes: _notes, ...rest } = serializeOffer(row);
  return rest;
}

export function serializePublicOffer(row: OfferView, candidateName: string | null, companyName: string, now = new Date()): PublicOfferDto {
  return {
    ...publicFields(row),
    candidate: { name: candidateName },
    company: { name: companyName },
    answerable: row.status === "sent" && (row.expiresAt === null || row.expiresAt.getTime() > now.getTime()),
  };
}
