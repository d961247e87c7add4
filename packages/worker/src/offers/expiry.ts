import { envInt } from "@hireflow/config";
import { expireDueOffers, logger } from "@hireflow/core";
import { getPrisma } from "@hireflow/db";
import { defineSchedule } from "../runtime/index.ts";

/**
 * Marks sent offers whose expires_at passed as expired, with their `offer.expired` event (core's
 * offer module decides; this only runs it). Every minute: the bound on how late the status
 * and the event may follow the deadline. The link itself is refused from the exact moment.
 */
export const offerExpirySchedule = defineSchedule({
  id: "offer-expiry",
  cron: "* * * * *",
  intervalMs: () => envInt("OFFER_EXPIRY_INTERVAL_MS", 60 * 1000),
  run: async () => {
    let total = 0;
    // Batches of 100 until none is due: a backlog (the worker was down) clears in one pass.
    for (let expired = await expireDueOffers(getPrisma()); expired > 0; expired = await expireDueOffers(getPrisma())) total += expired;
    if (total) logger.info("expired offers past their deadline", { count: total });
    return total;
  },
});
