import { createHash, randomBytes } from "node:crypto";
import { appBaseUrl } from "@hireflow/config";
import { getStorage } from "@hireflow/storage";
import { type ServiceContext } from "../../kernel/context.ts";
import { AppError } from "../../kernel/errors.ts";
import { escapeHtml } from "../../kernel/html.ts";
import { logger } from "../../kernel/logger.ts";
import { notifyEventsCommitted } from "../../kernel/outbox.ts";
import { type ScopedDb, type ScopedTx } from "../../kernel/tenancy.ts";
import { recordAudit } from "../audit/audit.ts";
import { queueEmail } from "../mail/outgoing.ts";
import { DEFAULT_LETTER_TEMPLATE, formatLetterDateTime } from "./contract/letter-template.ts";
import { FINAL_OFFER_STATUSES, type OfferDetailDto } from "./contract/offer.ts";
import { letterValues, renderLetterHtml } from "./letter/render-html.ts";
import { renderLetterPdf, sha256Hex } from "./letter/pdf.ts";
import { announceOffer, findVisibleOffer, lockOffer, readOffer } from "./access.ts";
import { type OfferRow, serializeOfferDetail, termsOf } from "./serialize.ts";

/**
 * Sending and withdrawing (issue 41 §1–2). Sending renders the letter from the company's template,
 * stores the PDF (the bytes the candidate signs: their SHA-256 is kept with the version), mints the
 * version's link and queues the e-mail with the PDF attached — the row changes, the e-mail and the
 * `offer.sent` event commit together. The PDF is written before the transaction and deleted again if
 * it does not commit, so a failed send leaves neither a letter nor a link behind.
 */
export const offerLinkOf = (token: string) => `${appBaseUrl()}/offers/${token}`;
export const hashOfferToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** The letter of an offer as it stands: the company's template (or the default) filled with its terms. */
export async function renderOfferLetter(db: ScopedDb | ScopedTx, row: OfferRow, createdAt = new Date()): Promise<{ html: string; pdf: Uint8Array }> {
  const [company, candidate] = await Promise.all([
    db.company.findUniqueOrThrow({ where: { id: row.companyId }, select: { name: true, offerLetterTemplate: true } }),
    db.candidate.findUniqueOrThrow({ where: { id: row.candidateId }, select: { name: true } }),
  ]);
  const terms = termsOf(row);
  const html = renderLetterHtml(
    company.offerLetterTemplate ?? DEFAULT_LETTER_TEMPLATE,
    letterValues({
      candidateName: candidate.name ?? "",
      companyName: company.name,
      jobTitle: terms.job_title,
      startDate: terms.start_date,
      salary: terms.salary,
      bonus: terms.bonus,
      equity: terms.equity,
      expiresAt: row.expiresAt,
    }),
  );
  const pdf = await renderLetterPdf(html, { title: `Offer: ${terms.job_title}`, companyName: company.name, createdAt });
  return { html, pdf };
}

function offerEmail(row: OfferRow, companyName: string, candidateName: string | null, link: string) {
  const greeting = candidateName?.trim() ? `Dear ${candidateName.trim()},` : "Hello,";
  const deadline = row.expiresAt ? ` The offer is open until ${formatLetterDateTime(row.expiresAt)}.` : "";
  const text = [
    greeting,
    "",
    `${companyName} is pleased to offer you the position of ${row.jobTitle}. Your offer letter is attached.${deadline}`,
    "",
    `Read it and accept or decline here: ${link}`,
    "",
    `Kind regards,`,
    companyName,
  ].join("\n");
  const html = `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(`${companyName} is pleased to offer you the position of ${row.jobTitle}. Your offer letter is attached.${deadline}`)}</p><p><a href="${escapeHtml(link)}">Read your offer and answer it</a></p><p>Kind regards,<br>${escapeHtml(companyName)}</p>`;
  return { subject: `Your offer from ${companyName}: ${row.jobTitle}`.replace(/[\r\n]+/g, " ").slice(0, 200), text, html };
}

export async function sendOffer(svc: ServiceContext, id: number): Promise<OfferDetailDto> {
  const row = await findVisibleOffer(svc.db, svc, id);
  if (row.status !== "approved") throw new AppError("conflict", `Offer ${id} is ${row.status}: only an approved offer is sent`);
  if (row.expiresAt && row.expiresAt.getTime() <= Date.now()) throw new AppError("conflict", `Offer ${id} expired before it was sent: change expires_at (a new version) first`);
  const candidate = await svc.db.candidate.findUniqueOrThrow({ where: { id: row.candidateId }, select: { name: true, email: true } });
  if (!candidate.email) throw new AppError("conflict", `Candidate ${row.candidateId} has no e-mail address to send the offer to`);
  const { html, pdf } = await renderOfferLetter(svc.db, row);
  const storage = getStorage();
  const stored = await storage.put({ prefix: "offers", filename: `offer-${row.id}-v${row.version}.pdf`, contentType: "application/pdf", body: pdf });
  const token = randomBytes(32).toString("base64url");
  try {
    const result = await svc.db.$transaction(async (tx) => {
      await lockOffer(tx, svc.companyId, id);
      const current = await readOffer(tx, id);
      // Changed or sent by someone else since the letter was rendered: this letter is not the offer any more.
      if (current.status !== "approved" || current.version !== row.version) throw new AppError("conflict", `Offer ${id} changed while it was being sent (now ${current.status}, version ${current.version}); try again`);
      const company = await tx.company.findUniqueOrThrow({ where: { id: svc.companyId }, select: { name: true } });
      await tx.offerVersion.update({
        where: { offerId_number: { offerId: id, number: current.version } },
        data: { letterKey: stored.key, letterHtml: html, letterSha256: sha256Hex(pdf), tokenHash: hashOfferToken(token) },
      });
      await tx.offer.update({ where: { id }, data: { status: "sent", sentAt: new Date() } });
      const link = offerLinkOf(token);
      await queueEmail(tx, svc, {
        to: candidate.email!,
        ...offerEmail(current, company.name, candidate.name, link),
        attachments: [{ filename: `Offer - ${current.jobTitle}.pdf`, contentType: "application/pdf", content: pdf }],
        candidateId: current.candidateId,
      });
      const sent = await readOffer(tx, id);
      await recordAudit(tx, svc, { action: "offer.sent", target: { type: "offer", id, label: `Offer ${id} v${sent.version}` } });
      await announceOffer(tx, svc, "offer.sent", sent);
      return serializeOfferDetail(sent);
    });
    notifyEventsCommitted();
    return result;
  } catch (error) {
    await storage.delete(stored.key).catch((cause: unknown) => logger.warn("letter of an offer not sent was not deleted", { error: String(cause) }));
    throw error;
  }
}

export async function withdrawOffer(svc: ServiceContext, id: number): Promise<OfferDetailDto> {
  const result = await svc.db.$transaction(async (tx) => {
    await findVisibleOffer(tx, svc, id);
    await lockOffer(tx, svc.companyId, id);
    const before = await readOffer(tx, id);
    if (before.status === "accepted") throw new AppError("conflict", `Offer ${id} is accepted: it cannot be withdrawn`);
    if ((FINAL_OFFER_STATUSES as readonly string[]).includes(before.status)) throw new AppError("conflict", `Offer ${id} is already ${before.status}`);
    await tx.offer.update({ where: { id }, data: { status: "withdrawn", withdrawnAt: new Date() } });
    const row = await readOffer(tx, id);
    await recordAudit(tx, svc, { action: "offer.withdrawn", target: { type: "offer", id, label: `Offer ${id} v${row.version}` }, data: { previous_status: before.status } });
    await announceOffer(tx, svc, "offer.withdrawn", row, { previous_status: before.status });
    return serializeOfferDetail(row);
  });
  notifyEventsCommitted();
  return result;
}
