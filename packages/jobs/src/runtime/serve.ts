import type { ServeHandlerOptions } from "inngest";
import { serve } from "inngest/next";
import { inngest } from "./client.ts";
import type { ScheduleDefinition } from "./schedule.ts";
import type { AnyJobDefinition } from "./types.ts";

export type InngestServeOptions = Omit<ServeHandlerOptions, "client" | "functions">;

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
  const handler = serve({ ...options, client: inngest, functions: [...jobs.map((job) => job.inngestFunction), ...schedules.map((s) => s.inngestFunction)] });
  return { GET: handler.GET, POST: handler.POST, PUT: handler.PUT };
}
