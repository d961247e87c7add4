import { type PrismaClient } from "@hireflow/db";
import { getStorage } from "@hireflow/storage";
import { logger } from "../../kernel/logger.ts";
import { type ScopedDb, type ScopedTx } from "../../kernel/tenancy.ts";
import { offerInclude, serializeOfferDetail } from "./serialize.ts";

/**
 * A candidate's offers under the privacy rules (issue 41 §4): erasure deletes the offers, their
 * versions, decisions, letters and signed copies; the export (GDPR Art. 15) includes all of it, the
 * signature's IP and user agent too.
 */

/** Deletes the candidate's offers inside the erasure's transaction; returns their files, to delete after commit. */
export async function eraseOffersOfCandidate(tx: ScopedTx, candidateId: number): Promise<string[]> {
  const offers = await tx.offer.findMany({ where: { candidateId }, select: { id: true, signedCopyKey: true, versions: { select: { letterKey: true } } } });
  if (!offers.length) return [];
  const ids = offers.map((offer) => offer.id);
  await tx.offerApproval.deleteMany({ where: { offerId: { in: ids } } });
  await tx.offerVersion.deleteMany({ where: { offerId: { in: ids } } });
  await tx.offer.deleteMany({ where: { id: { in: ids } } });
  return offers.flatMap((offer) => [offer.signedCopyKey, ...offer.versions.map((version) => version.letterKey)]).filter((key): key is string => key !== null);
}

/** After the erasure committed. A file storage could not delete now stays unreachable: its signed URL names a key no row holds, and the file route serves only referenced keys. */
export async function deleteOfferFiles(keys: readonly string[]): Promise<void> {
  for (const key of keys) {
    await getStorage()
      .delete(key)
      .catch((error: unknown) => logger.warn("offer letter of an erased candidate not deleted", { error: String(error) }));
  }
}

export async function exportOffersOfCandidate(db: ScopedDb, candidateId: number) {
  const rows = await db.offer.findMany({ where: { candidateId }, include: offerInclude, orderBy: { id: "asc" } });
  return rows.map((row) => ({
    ...serializeOfferDetail(row),
    signature_details: row.signedAt ? { ip: row.signatureIp, user_agent: row.signatureUserAgent } : null,
  }));
}

/** Keys no offer holds any more (as a letter or a signed copy): the signed file route serves none of them. */
export async function unreferencedOfferFileKeys(prisma: PrismaClient, keys: string[]): Promise<string[]> {
  if (keys.length === 0) return [];
  const [letters, copies] = await Promise.all([
    prisma.offerVersion.findMany({ where: { letterKey: { in: keys } }, select: { letterKey: true } }),
    prisma.offer.findMany({ where: { signedCopyKey: { in: keys } }, select: { signedCopyKey: true } }),
  ]);
  const referenced = new Set([...letters.map((row) => row.letterKey), ...copies.map((row) => row.signedCopyKey)]);
  return keys.filter((key) => !referenced.has(key));
}
