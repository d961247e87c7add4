import { envInt } from "@hireflow/config";
import { AppError } from "../../kernel/errors.ts";
import { getRateLimiter, rateLimitHeaders } from "../../kernel/rate-limit.ts";

/** Per client IP on the scheduling links (the page and the public API), as on the offer links. */
export async function limitSchedulingLinks(ip: string): Promise<void> {
  const limit = await getRateLimiter().hit(`scheduling:ip:${ip}`, envInt("HIREFLOW_SCHEDULING_LINK_LIMIT_PER_IP", 120), envInt("HIREFLOW_SCHEDULING_LINK_WINDOW_MS", 60 * 1000));
  if (!limit.allowed) {
    throw new AppError("rate_limited", `Too many requests from this address; try again in ${limit.resetSeconds} s`, { headers: rateLimitHeaders(limit) });
  }
}
