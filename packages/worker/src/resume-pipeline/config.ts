import { envInt } from "@hireflow/config";
import { EXTRACT_DEFAULTS } from "../resume/index.ts";

/** Resume pipeline settings, read when used so tests and operators can change them without a reload. */
export function resumeParseOptions() {
  return {
    timeoutMs: envInt("RESUME_PARSE_TIMEOUT_MS", EXTRACT_DEFAULTS.timeoutMs),
    maxMemoryMb: envInt("RESUME_PARSE_MAX_MEMORY_MB", EXTRACT_DEFAULTS.maxMemoryMb),
    maxPages: envInt("RESUME_PARSE_MAX_PAGES", EXTRACT_DEFAULTS.maxPages),
  };
}

export function resumeSweepOptions() {
  return {
    /** Longer than a parse can take (timeout plus local retries), so a live run is not re-queued. */
    staleAfterMs: envInt("RESUME_STALE_AFTER_MS", 2 * 60_000),
    intervalMs: envInt("RESUME_SWEEP_INTERVAL_MS", 30_000),
  };
}
