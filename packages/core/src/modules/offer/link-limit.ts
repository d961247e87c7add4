import { envInt } from "@hireflow/config";
import { AppError } from "../../kernel/errors.ts";
import { getRateLimiter, rateLimitHeaders } from "../../kernel/rate-limit.ts";

/**
 * Per client IP on the offer links (the page and the public API): a candidate opens theirs a few
 * times; the ceiling stops anyone walking the token space (which at 256 bits is hopeless anyway).
 */
export async function limitOfferLinks(ip: string): Promise<void> {
  const limit = await getRateLimiter().hit(`offer:ip:${ip}`, envInt("HIREFLOW_OFFER_LINK_LIMIT_PER_IP", 60), envInt("HIREFLOW_OFFER_LINK_WINDOW_MS", 60 * 1000));
  if (!limit.allowed) {
    throw new AppError("rate_limited", `Too many requests from this address; try again in ${limit.resetSeconds} s`, { headers: rateLimitHeaders(limit) });
  }
}
