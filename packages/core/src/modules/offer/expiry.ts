import { type PrismaClient } from "@hireflow/db";
import { systemContext } from "../../kernel/context.ts";
import { notifyEventsCommitted } from "../../kernel/outbox.ts";
import { announceOffer, lockOffer } from "./access.ts";
import { offerInclude } from "./serialize.ts";

/**
 * The expiry sweep (issue 41 §3): a sent offer whose expires_at passed becomes `expired`, with its
 * `offer.expired` event, each in a transaction of its own. The candidate's link is refused from the
 * exact moment expires_at passes (answer.ts); this makes the status and the event follow within the
 * sweep's interval (a minute, packages/worker). Returns how many offers it expired.
 */
export async function expireDueOffers(prisma: PrismaClient, now = new Date(), batch = 100): Promise<number> {
  // Unscoped on purpose: the sweep serves every company; each offer is then changed through its company's scope.
  const due = await prisma.offer.findMany({ where: { status: "sent", expiresAt: { lte: now } }, select: { id: true, companyId: true }, orderBy: { expiresAt: "asc" }, take: batch });
  let expired = 0;
  for (const { id, companyId } of due) {
    const svc = systemContext(prisma, companyId);
    const changed = await svc.db.$transaction(async (tx) => {
      await lockOffer(tx, companyId, id);
      const row = await tx.offer.findUnique({ where: { id }, select: { status: true, expiresAt: true } });
      // Answered, changed or withdrawn since the scan: not this sweep's to expire.
      if (row?.status !== "sent" || !row.expiresAt || row.expiresAt.getTime() > now.getTime()) return false;
      await tx.offer.update({ where: { id }, data: { status: "expired", expiredAt: now } });
      await announceOffer(tx, svc, "offer.expired", await tx.offer.findUniqueOrThrow({ where: { id }, include: offerInclude }));
      return true;
    });
    if (changed) expired++;
  }
  if (expired) notifyEventsCommitted();
  return expired;
}
