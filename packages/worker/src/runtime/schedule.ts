import { inngest } from "./client.ts";

/**
 * Periodic recovery work (re-publishing the outbox, re-requesting overdue deliveries, re-queueing
 * stuck resumes), defined once: a cron function on Inngest — a serverless deployment has no
 * process whose timers keep running — and an interval timer in a long-lived process.
 */
export interface ScheduleDefinition {
  id: string;
  /** Inngest cron expression (production). */
  cron: string;
  /** Interval of the in-process timer (development and self-hosting). */
  intervalMs: () => number;
  run: () => Promise<unknown>;
  inngestFunction: ReturnType<typeof inngest.createFunction>;
}

export function defineSchedule(config: Omit<ScheduleDefinition, "inngestFunction">): ScheduleDefinition {
  const inngestFunction = inngest.createFunction(
    // One pass at a time; a failed pass is simply the next minute's work.
    { id: config.id, triggers: [{ cron: config.cron }], retries: 0, concurrency: { limit: 1 } },
    async ({ step }) => step.run("sweep", async () => ({ result: (await config.run()) ?? null })),
  );
  return { ...config, inngestFunction };
}
