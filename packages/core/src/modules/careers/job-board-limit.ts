import { envInt } from "@hireflow/config";
import { limitPerClient } from "../../kernel/rate-limit.ts";

/**
 * Per client IP on the key-less job board API, like the application form's limit: generous for a
 * company site's visitors, a ceiling for a scraper walking every company.
 */
export function limitJobBoard(ip: string): Promise<Record<string, string>> {
  return limitPerClient(`board:ip:${ip}`, { max: envInt("HIREFLOW_JOB_BOARD_LIMIT_PER_IP", 300), windowMs: envInt("HIREFLOW_JOB_BOARD_WINDOW_MS", 60 * 1000) });
}
