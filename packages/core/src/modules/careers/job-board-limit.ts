import { envInt } from "@hireflow/config";
import { AppError } from "../../kernel/errors.ts";
import { getRateLimiter, rateLimitHeaders } from "../../kernel/rate-limit.ts";

/**
 * Per client IP on the key-less job board API, like the application form's limit: generous for a
 * company site's visitors, a ceiling for a scraper walking every company.
 */
export async function limitJobBoard(ip: string): Promise<Record<string, string>> {
  const limit = await getRateLimiter().hit(`board:ip:${ip}`, envInt("HIREFLOW_JOB_BOARD_LIMIT_PER_IP", 300), envInt("HIREFLOW_JOB_BOARD_WINDOW_MS", 60 * 1000));
  if (!limit.allowed) {
    throw new AppError("rate_limited", `Too many requests from this address; try again in ${limit.resetSeconds} s`, { headers: rateLimitHeaders(limit) });
  }
  return rateLimitHeaders(limit);
}
