import { afterEach, describe, expect, it, vi } from "vitest";

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

describe("schedules", () => {
  it("are served to Inngest as cron functions next to the jobs", async () => {
    vi.stubEnv("INNGEST_DEV", "1");
    vi.resetModules();
    const { allJobs, allSchedules } = await import("../../src/registry.ts");
    const { createInngestHandlers } = await import("../../src/runtime/index.ts");
    expect(allSchedules.map((s) => s.id).sort()).toEqual(["candidate-retention", "email-sweep", "events-retention", "oauth-token-cleanup", "offer-expiry", "outbox-sweep", "resume-blob-gc", "resume-sweep", "webhook-delivery-sweep"]);
    for (const schedule of allSchedules) {
      const config = (schedule.inngestFunction as unknown as { opts: { triggers: unknown[] } }).opts;
      expect(config.triggers).toEqual([{ cron: schedule.cron }]);
    }
    const { GET } = createInngestHandlers(allJobs, allSchedules);
    const res = await GET(new Request("http://localhost:3000/api/inngest") as never, undefined);
    const failureHooks = allJobs.filter((job) => job.invokeFailure).length;
    expect(await res.json()).toMatchObject({ function_count: allJobs.length + failureHooks + allSchedules.length });
  });

  it("a schedule's function runs the same pass as the in-process timer", async () => {
    const { defineSchedule } = await import("../../src/runtime/index.ts");
    const { InngestTestEngine } = await import("@inngest/test");
    let passes = 0;
    const schedule = defineSchedule({ id: "test-sweep", cron: "* * * * *", intervalMs: () => 1000, run: async () => ++passes });
    const engine = new InngestTestEngine({ function: schedule.inngestFunction as never });
    const { result } = await engine.execute();
    expect(passes).toBe(1);
    expect(result).toEqual({ result: 1 });
  });
});
