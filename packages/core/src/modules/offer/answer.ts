import { type PrismaClient } from "@hireflow/db";
import { getStorage, readStreamLimited } from "@hireflow/storage";
import { systemContext, type ServiceContext } from "../../kernel/context.ts";
import { AppError } from "../../kernel/errors.ts";
import { logger } from "../../kernel/logger.ts";
import { notifyEventsCommitted } from "../../kernel/outbox.ts";
import { type ScopedTx } from "../../kernel/tenancy.ts";
import { changeStage, lockCandidate } from "../candidate/move/change-stage.ts";
import { candidateRead } from "../candidate/serialize.ts";
import { firstOfType, readJobStages } from "../pipeline/stages.ts";
import { type AcceptOfferInput, type DeclineOfferInput, offerTokenSchema, type PublicOfferDto } from "./contract/public-offer.ts";
import { announceOffer, lockOffer } from "./access.ts";
import { type Block, htmlToBlocks } from "./letter/html-blocks.ts";
import { appendSignaturePage, sha256Hex } from "./letter/pdf.ts";
import { hashOfferToken } from "./sending.ts";
import { offerInclude, type OfferRow, serializePublicOffer } from "./serialize.ts";

/**
 * The candidate's answer (issue 41 §2), through the personal link of one version: GET
 * /api/public/offers/{token}, accept, decline, and the page /offers/{token}. No sign-in: the token is
 * the credential (32 random bytes; only its SHA-256 is stored). A link of a superseded version, a
 * withdrawn offer or one past its expiry is gone (410) — at the exact moment expires_at passes, not
 * when the sweep (expiry.ts) gets to it; an offer already answered is a 409 to a second answer.
 */
export interface AnswerMeta {
  ip: string | null;
  userAgent: string | null;
}

/** The largest letter PDF read back to sign (the PDF step refuses letters over 30 pages long before this). */
const MAX_LETTER_BYTES = 20 * 1024 * 1024;

async function resolveToken(prisma: PrismaClient, token: string): Promise<{ companyId: number; offerId: number; number: number }> {
  if (!offerTokenSchema.safeParse(token).success) throw AppError.notFound("Offer");
  const version = await prisma.offerVersion.findUnique({ where: { tokenHash: hashOfferToken(token) }, select: { companyId: true, offerId: true, number: true } });
  if (!version) throw AppError.notFound("Offer");
  return version;
}

/** 410 for a link that no longer works; otherwise nothing (answered offers still show, read-only). */
function assertLinkWorks(row: OfferRow, number: number, now: Date): void {
  if (row.version !== number) throw new AppError("gone", "This offer has been changed: a new version will be sent to you");
  if (row.status === "withdrawn") throw new AppError("gone", "This offer has been withdrawn");
  const expired = row.status === "expired" || (row.status === "sent" && row.expiresAt !== null && row.expiresAt.getTime() <= now.getTime());
  if (expired) throw new AppError("gone", "This offer has expired");
}

function assertAnswerable(row: OfferRow): void {
  if (row.status === "accepted" || row.status === "declined") throw new AppError("conflict", `This offer was already ${row.status}`);
  if (row.status !== "sent") throw new AppError("conflict", "This offer is not open for an answer");
}

async function publicView(db: ServiceContext["db"] | ScopedTx, row: OfferRow, now: Date): Promise<PublicOfferDto> {
  const [candidate, company] = await Promise.all([
    db.candidate.findUniqueOrThrow({ where: { id: row.candidateId }, select: { name: true } }),
    db.company.findUniqueOrThrow({ where: { id: row.companyId }, select: { name: true } }),
  ]);
  return serializePublicOffer(row, candidate.name, company.name, now);
}

export async function getPublicOffer(prisma: PrismaClient, token: string, now = new Date()): Promise<PublicOfferDto> {
  const ref = await resolveToken(prisma, token);
  const svc = systemContext(prisma, ref.companyId);
  const row = await svc.db.offer.findUniqueOrThrow({ where: { id: ref.offerId }, include: offerInclude });
  assertLinkWorks(row, ref.number, now);
  return publicView(svc.db, row, now);
}

/** The offer behind a link with its letter as sent, read as blocks of text (the page shows them; no template markup runs). */
export async function getPublicOfferLetter(prisma: PrismaClient, token: string, now = new Date()): Promise<{ offer: PublicOfferDto; letter: Block[] }> {
  const ref = await resolveToken(prisma, token);
  const svc = systemContext(prisma, ref.companyId);
  const row = await svc.db.offer.findUniqueOrThrow({ where: { id: ref.offerId }, include: offerInclude });
  assertLinkWorks(row, ref.number, now);
  const html = row.versions.find((v) => v.number === ref.number)?.letterHtml ?? "";
  return { offer: await publicView(svc.db, row, now), letter: htmlToBlocks(html) };
}

/** The exact letter the candidate was sent, checked against the hash kept with its version. */
async function sentLetter(row: OfferRow): Promise<{ bytes: Uint8Array; sha256: string }> {
  const version = row.versions.find((v) => v.number === row.version);
  if (!version?.letterKey || !version.letterSha256) throw new AppError("conflict", "This offer's letter is missing: ask the company to send it again");
  const blob = await getStorage().get(version.letterKey);
  if (!blob) throw new AppError("service_unavailable", "The offer letter cannot be read right now; try again in a minute");
  const bytes = await readStreamLimited(blob.body, MAX_LETTER_BYTES);
  if (!bytes) throw new AppError("conflict", "This offer's letter is larger than any letter sent: ask the company to send it again");
  const sha256 = sha256Hex(bytes);
  if (sha256 !== version.letterSha256) throw new AppError("conflict", "This offer's letter does not match the one sent: ask the company to send it again");
  return { bytes, sha256 };
}

async function answer(
  prisma: PrismaClient,
  token: string,
  now: Date,
  apply: (tx: ScopedTx, svc: ServiceContext, row: OfferRow) => Promise<void>,
  prepare?: (row: OfferRow) => Promise<() => Promise<void>>,
): Promise<PublicOfferDto> {
  const ref = await resolveToken(prisma, token);
  const svc = systemContext(prisma, ref.companyId);
  const first = await svc.db.offer.findUniqueOrThrow({ where: { id: ref.offerId }, include: offerInclude });
  assertLinkWorks(first, ref.number, now);
  assertAnswerable(first);
  // Work outside the transaction (the signed copy's file); undone if the answer does not commit.
  const undo = prepare ? await prepare(first) : undefined;
  try {
    const result = await svc.db.$transaction(async (tx) => {
      await lockOffer(tx, ref.companyId, ref.offerId);
      const row = await tx.offer.findUniqueOrThrow({ where: { id: ref.offerId }, include: offerInclude });
      assertLinkWorks(row, ref.number, now);
      assertAnswerable(row);
      await apply(tx, svc, row);
      return publicView(tx, await tx.offer.findUniqueOrThrow({ where: { id: row.id }, include: offerInclude }), now);
    });
    notifyEventsCommitted();
    return result;
  } catch (error) {
    await undo?.();
    throw error;
  }
}

export async function acceptOffer(prisma: PrismaClient, token: string, input: AcceptOfferInput, meta: AnswerMeta, now = new Date()): Promise<PublicOfferDto> {
  let signed: { key: string; sha256: string } | undefined;
  return answer(
    prisma,
    token,
    now,
    async (tx, svc, row) => {
      await tx.offer.update({
        where: { id: row.id },
        data: {
          status: "accepted",
          acceptedAt: now,
          signatureName: input.signature_name,
          signedAt: now,
          signatureIp: meta.ip,
          signatureUserAgent: meta.userAgent?.slice(0, 1_000) ?? null,
          signedDocumentSha256: signed!.sha256,
          signedCopyKey: signed!.key,
        },
      });
      const accepted = await tx.offer.findUniqueOrThrow({ where: { id: row.id }, include: offerInclude });
      await announceOffer(tx, svc, "offer.accepted", accepted);
      // The pipeline's one move: candidate.stage_changed and candidate.hired cannot disagree.
      await lockCandidate(tx, svc.companyId, row.candidateId);
      const candidate = await tx.candidate.findUniqueOrThrow({ where: { id: row.candidateId }, ...candidateRead });
      const hired = firstOfType(await readJobStages(tx, row.jobId), "hired");
      await changeStage(tx, svc, candidate, hired.key, { reason: `Accepted offer ${row.id}`, overrideReason: `The candidate accepted offer ${row.id}` });
      await announceOffer(tx, svc, "candidate.hired", accepted);
    },
    async (row) => {
      const letter = await sentLetter(row);
      const copy = await appendSignaturePage(letter.bytes, { name: input.signature_name, signedAt: now, ip: meta.ip, userAgent: meta.userAgent, documentSha256: letter.sha256 });
      const stored = await getStorage().put({ prefix: "offers", filename: `offer-${row.id}-v${row.version}-signed.pdf`, contentType: "application/pdf", body: copy });
      signed = { key: stored.key, sha256: letter.sha256 };
      return () => getStorage().delete(stored.key).catch((error: unknown) => logger.warn("signed copy of an unrecorded answer not deleted", { error: String(error) }));
    },
  );
}

export async function declineOffer(prisma: PrismaClient, token: string, input: DeclineOfferInput, now = new Date()): Promise<PublicOfferDto> {
  return answer(prisma, token, now, async (tx, svc, row) => {
    await tx.offer.update({ where: { id: row.id }, data: { status: "declined", declinedAt: now, declineReason: input.reason?.trim() || null } });
    await announceOffer(tx, svc, "offer.declined", await tx.offer.findUniqueOrThrow({ where: { id: row.id }, include: offerInclude }));
  });
}
