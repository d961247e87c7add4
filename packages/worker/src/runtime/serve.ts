import type { ServeHandlerOptions } from "inngest";
import { serve } from "inngest/next";
import { inngest } from "./client.ts";
import type { ScheduleDefinition } from "./schedule.ts";
import type { AnyJobDefinition } from "./types.ts";

export type InngestServeOptions = Omit<ServeHandlerOptions, "client" | "functions">;

/**
 * The origin Inngest is told to call back. Without one the SDK derives it from the request's Host
 * header, so anyone could PUT /api/inngest with a forged Host and have the app sync itself to their
 * server. INNGEST_SERVE_ORIGIN (read by the SDK) wins; on Vercel the deployment's own URL (right
 * for previews too); elsewhere APP_BASE_URL.
 */
export function inngestServeOrigin(env: Record<string, string | undefined> = process.env): string | undefined {
  if (env.INNGEST_SERVE_ORIGIN?.trim()) return undefined;
  if (env.VERCEL_URL?.trim()) return `https://${env.VERCEL_URL.trim()}`;
  return env.APP_BASE_URL?.trim() || undefined;
}

/**
 * The handlers for the Next route at /api/inngest:
 * `export const { GET, POST, PUT } = createInngestHandlers(allJobs, allSchedules);`
 * Inngest calls it to sync the functions (PUT), introspect (GET) and run steps (POST).
 */
export function createInngestHandlers(jobs: readonly AnyJobDefinition[], schedules: readonly ScheduleDefinition[] = [], options: InngestServeOptions = {}) {
  const ids = new Set<string>();
  for (const { id } of [...jobs, ...schedules]) {
    if (ids.has(id)) throw new Error(`Duplicate job id "${id}"`);
    ids.add(id);
  }
  const serveOrigin = options.serveOrigin ?? inngestServeOrigin();
  const handler = serve({ ...options, ...(serveOrigin ? { serveOrigin } : {}), client: inngest, functions: [...jobs.map((job) => job.inngestFunction), ...schedules.map((s) => s.inngestFunction)] });
  return { GET: handler.GET, POST: handler.POST, PUT: handler.PUT };
}
