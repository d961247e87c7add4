import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { defineJob, NonRetriableError, RetryAfterError, StepError } from "../../src/runtime/index.ts";
import { createRunner, delay, stopRunners } from "./helpers.ts";

afterEach(stopRunners);

const greetSchema = z.object({ name: z.string().min(1), times: z.number().int().default(1) });

describe("local runner", () => {
  it("runs the job an event triggers, with validated data", async () => {
    const seen: unknown[] = [];
    const job = defineJob({
      id: "greet",
      event: "test/greet",
      retries: 0,
      schema: greetSchema,
      handler: async ({ event, step }) => {
        seen.push(event.data);
        return step.run("compose", () => `hello ${event.data.name} x${event.data.times}`);
      },
    });
    const runner = createRunner({ jobs: [job] });

    const { ids, runIds } = await runner.send([{ name: "test/greet", data: { name: "Ada" }, id: "evt-1" }]);
    expect(ids).toEqual(["evt-1"]);
    expect(runIds).toHaveLength(1);
    await runner.idle();

    // The schema's default was applied: the handler gets the parsed data, not the raw payload.
    expect(seen).toEqual([{ name: "Ada", times: 1 }]);
    const run = runner.getRun(runIds[0]!);
    expect(run).toMatchObject({ status: "completed", result: "hello Ada x1", failedAttempts: 0, jobId: "greet" });
    expect(run?.event).toMatchObject({ id: "evt-1", name: "test/greet" });
  });

  it("dispatches an event to every job it triggers and to none it does not", async () => {
    const calls: string[] = [];
    const make = (id: string, event: string) =>
      defineJob({ id, event, retries: 0, schema: z.object({}), handler: async () => void calls.push(id) });
    const runner = createRunner({
      jobs: [make("a", "test/multi"), make("b", "test/multi"), make("c", "test/other"), make("d", "test/*")],
    });
    const { runIds } = await runner.send({ name: "test/multi", data: {} });
    await runner.idle();
    expect(runIds).toHaveLength(3);
    expect(calls.sort()).toEqual(["a", "b", "d"]);
  });

  it("fails a run with invalid data at once, without retries", async () => {
    let calls = 0;
    const job = defineJob({
      id: "strict",
      event: "test/strict",
      retries: 5,
      schema: greetSchema,
      handler: async () => {
        calls += 1;
      },
    });
    const runner = createRunner({ jobs: [job] });
    const { runIds } = await runner.send({ name: "test/strict", data: { name: 42 } });
    const run = await runner.waitForRun(runIds[0]!);
    expect(calls).toBe(0);
    expect(run.status).toBe("failed");
    expect(run.failedAttempts).toBe(1);
    expect(run.error?.name).toBe("NonRetriableError");
    expect(run.error?.message).toContain("name:");
  });

  it("retries a failing step without re-running the steps that completed", async () => {
    const effects = { first: 0, flaky: 0, last: 0 };
    const attempts: number[] = [];
    const job = defineJob({
      id: "flaky",
      event: "test/flaky",
      retries: 3,
      schema: z.object({}),
      handler: async ({ step, attempt }) => {
        attempts.push(attempt);
        const first = await step.run("first", () => {
          effects.first += 1;
          return { at: new Date(0), n: 1 };
        });
        await step.run("flaky", () => {
          effects.flaky += 1;
          if (effects.flaky < 3) throw new Error(`transient ${effects.flaky}`);
        });
        await step.run("last", () => void (effects.last += 1));
        return first;
      },
    });
    const runner = createRunner({ jobs: [job] });
    const { runIds } = await runner.send({ name: "test/flaky", data: {} });
    const run = await runner.waitForRun(runIds[0]!);

    expect(run.status).toBe("completed");
    expect(effects).toEqual({ first: 1, flaky: 3, last: 1 });
    expect(attempts).toEqual([0, 1, 2]);
    expect(run.failedAttempts).toBe(2);
    // Step results come back as JSON, as Inngest replays them.
    expect(run.result).toEqual({ at: "1970-01-01T00:00:00.000Z", n: 1 });
  });

  it("gives each step its own retry budget, as Inngest does", async () => {
    const failures = { a: 0, b: 0 };
    const job = defineJob({
      id: "budget",
      event: "test/budget",
      retries: 1,
      schema: z.object({}),
      handler: async ({ step }) => {
        await step.run("a", () => {
          if (failures.a++ < 1) throw new Error("a");
        });
        await step.run("b", () => {
          if (failures.b++ < 1) throw new Error("b");
        });
      },
    });
    const runner = createRunner({ jobs: [job] });
    const { runIds } = await runner.send({ name: "test/budget", data: {} });
    expect((await runner.waitForRun(runIds[0]!)).status).toBe("completed");
    expect(failures).toEqual({ a: 2, b: 2 });
  });

  it("ends the run on a NonRetriableError after exactly one attempt", async () => {
    let calls = 0;
    const job = defineJob({
      id: "fatal",
      event: "test/fatal",
      retries: 4,
      schema: z.object({}),
      handler: async ({ step }) => {
        await step.run("boom", () => {
          calls += 1;
          throw new NonRetriableError("corrupt file");
        });
      },
    });
    const runner = createRunner({ jobs: [job] });
    const { runIds } = await runner.send({ name: "test/fatal", data: {} });
    const run = await runner.waitForRun(runIds[0]!);
    expect(calls).toBe(1);
    expect(run).toMatchObject({ status: "failed", failedAttempts: 1 });
    expect(run.error).toEqual({ name: "NonRetriableError", message: "corrupt file" });
  });

  it("fails after the retries are exhausted and calls onFailure once", async () => {
    let calls = 0;
    const failures: Array<{ data: unknown; message: string; runId: string }> = [];
    const finished: string[] = [];
    const job = defineJob({
      id: "doomed",
      event: "test/doomed",
      retries: 2,
      schema: z.object({ id: z.string() }),
      handler: async ({ step }) => {
        await step.run("always-fails", () => {
          calls += 1;
          throw new Error("storage unreachable");
        });
      },
      onFailure: async ({ data, error, runId, step }) => {
        await step.run("record", () => failures.push({ data, message: error.message, runId }));
      },
    });
    const runner = createRunner({ jobs: [job], onRunFinished: (run) => finished.push(`${run.kind}:${run.status}`) });
    const { runIds } = await runner.send({ name: "test/doomed", data: { id: "c1" } });
    await runner.idle();

    expect(calls).toBe(3);
    expect(runner.getRun(runIds[0]!)).toMatchObject({
      status: "failed",
      failedAttempts: 3,
      error: { message: "storage unreachable" },
    });
    expect(failures).toEqual([{ data: { id: "c1" }, message: "storage unreachable", runId: runIds[0] }]);
    expect(finished).toEqual(["main:failed", "failure:completed"]);
  });

  it("retries an error thrown outside of a step, then fails", async () => {
    let calls = 0;
    const job = defineJob({
      id: "outside",
      event: "test/outside",
      retries: 2,
      schema: z.object({}),
      handler: async () => {
        calls += 1;
        throw new Error("nope");
      },
    });
    const runner = createRunner({ jobs: [job] });
    const { runIds } = await runner.send({ name: "test/outside", data: {} });
    expect((await runner.waitForRun(runIds[0]!)).status).toBe("failed");
    expect(calls).toBe(3);
  });

  it("lets a handler catch a step that failed for good and carry on", async () => {
    const job = defineJob({
      id: "catcher",
      event: "test/catcher",
      retries: 1,
      schema: z.object({}),
      handler: async ({ step }) => {
        try {
          await step.run("deliver", () => {
            throw new Error("HTTP 500");
          });
          return "delivered";
        } catch (error) {
          expect(error).toBeInstanceOf(StepError);
          return step.run("give-up", () => `gave up: ${(error as Error).message}`);
        }
      },
    });
    const runner = createRunner({ jobs: [job] });
    const { runIds } = await runner.send({ name: "test/catcher", data: {} });
    const run = await runner.waitForRun(runIds[0]!);
    expect(run).toMatchObject({ status: "completed", result: "gave up: HTTP 500", failedAttempts: 1 });
  });

  it("backs off exponentially from the configured base", async () => {
    const times: number[] = [];
    const job = defineJob({
      id: "backoff",
      event: "test/backoff",
      retries: 3,
      schema: z.object({}),
      handler: async ({ step }) => {
        await step.run("s", () => {
          times.push(Date.now());
          if (times.length < 4) throw new Error("again");
        });
      },
    });
    const runner = createRunner({ jobs: [job], retryBaseMs: 40 });
    await runner.send({ name: "test/backoff", data: {} });
    await runner.idle();
    const gaps = times.slice(1).map((t, i) => t - times[i]!);
    expect(gaps[0]).toBeGreaterThanOrEqual(35);
    expect(gaps[1]).toBeGreaterThanOrEqual(75);
    expect(gaps[2]).toBeGreaterThanOrEqual(155);
  });

  it("honours RetryAfterError's delay", async () => {
    const times: number[] = [];
    const job = defineJob({
      id: "retry-after",
      event: "test/retry-after",
      retries: 1,
      schema: z.object({}),
      handler: async ({ step }) => {
        await step.run("s", () => {
          times.push(Date.now());
          // A Date keeps the test short: a number of ms is rounded up to whole seconds by the SDK.
          if (times.length === 1) throw new RetryAfterError("rate limited", new Date(Date.now() + 150));
        });
      },
    });
    const runner = createRunner({ jobs: [job], retryBaseMs: 1 });
    await runner.send({ name: "test/retry-after", data: {} });
    await runner.idle();
    expect(times).toHaveLength(2);
    expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(140);
  });

  it("sleeps with a timer, without holding the job's concurrency slot", async () => {
    const log: string[] = [];
    const job = defineJob({
      id: "sleeper",
      event: "test/sleeper",
      retries: 0,
      concurrency: 1,
      schema: z.object({ name: z.string(), ms: z.number() }),
      handler: async ({ event, step }) => {
        const startedAt = await step.run("start", () => Date.now());
        await step.sleep("nap", event.data.ms);
        log.push(event.data.name);
        return Date.now() - startedAt;
      },
    });
    const runner = createRunner({ jobs: [job] });
    const slow = await runner.send({ name: "test/sleeper", data: { name: "slow", ms: 200 } });
    const fast = await runner.send({ name: "test/sleeper", data: { name: "fast", ms: 1 } });
    await runner.idle();
    // With concurrency 1, "fast" could only finish first if the sleeping run gave up its slot.
    expect(log).toEqual(["fast", "slow"]);
    expect(runner.getRun(slow.runIds[0]!)?.result).toBeGreaterThanOrEqual(195);
    expect(runner.getRun(fast.runIds[0]!)?.status).toBe("completed");
  });

  it("supports duration strings and sleepUntil", async () => {
    const job = defineJob({
      id: "until",
      event: "test/until",
      retries: 0,
      schema: z.object({}),
      handler: async ({ step }) => {
        const t0 = await step.run("t0", () => Date.now());
        await step.sleep("short", "50ms");
        await step.sleepUntil("until", new Date(t0 + 120));
        await step.sleepUntil("past", new Date(0));
        return Date.now() - t0;
      },
    });
    const runner = createRunner({ jobs: [job] });
    const { runIds } = await runner.send({ name: "test/until", data: {} });
    const run = await runner.waitForRun(runIds[0]!);
    expect(run.status).toBe("completed");
    expect(run.result).toBeGreaterThanOrEqual(115);
  });

  it("triggers another job with step.sendEvent, once even when the run is retried", async () => {
    const received: unknown[] = [];
    let failOnce = true;
    const fanOut = defineJob({
      id: "fan-out",
      event: "test/fan-out",
      retries: 2,
      schema: z.object({ endpoints: z.array(z.string()) }),
      handler: async ({ event, step }) => {
        const { ids } = await step.sendEvent(
          "deliveries",
          event.data.endpoints.map((endpoint) => ({ name: "test/deliver", data: { endpoint }, id: `d-${endpoint}` })),
        );
        await step.run("after", () => {
          if (failOnce) {
            failOnce = false;
            throw new Error("later step fails once");
          }
        });
        return ids;
      },
    });
    const deliver = defineJob({
      id: "deliver",
      event: "test/deliver",
      retries: 0,
      schema: z.object({ endpoint: z.string() }),
      handler: async ({ event }) => void received.push(event.data.endpoint),
    });
    const runner = createRunner({ jobs: [fanOut, deliver] });
    const { runIds } = await runner.send({ name: "test/fan-out", data: { endpoints: ["e1", "e2"] } });
    await runner.idle();
    expect(received.sort()).toEqual(["e1", "e2"]);
    expect(runner.getRun(runIds[0]!)).toMatchObject({ status: "completed", result: ["d-e1", "d-e2"] });
  });

  it("ignores an event id it has already received", async () => {
    let calls = 0;
    const job = defineJob({
      id: "dedupe",
      event: "test/dedupe",
      retries: 0,
      schema: z.object({}),
      handler: async () => void (calls += 1),
    });
    const runner = createRunner({ jobs: [job] });
    await runner.send({ name: "test/dedupe", data: {}, id: "outbox-1" });
    const again = await runner.send({ name: "test/dedupe", data: {}, id: "outbox-1" });
    await runner.send({ name: "test/dedupe", data: {} });
    await runner.idle();
    expect(again).toEqual({ ids: ["outbox-1"], runIds: [] });
    expect(calls).toBe(2);
  });

  it("respects the job's concurrency limit", async () => {
    let active = 0;
    let peak = 0;
    const job = defineJob({
      id: "limited",
      event: "test/limited",
      retries: 0,
      concurrency: 2,
      schema: z.object({ i: z.number() }),
      handler: async ({ step }) => {
        await step.run("work", async () => {
          active += 1;
          peak = Math.max(peak, active);
          await delay(30);
          active -= 1;
        });
      },
    });
    const runner = createRunner({ jobs: [job] });
    await runner.send(Array.from({ length: 6 }, (_, i) => ({ name: "test/limited", data: { i } })));
    await runner.idle();
    expect(peak).toBe(2);
    expect(runner.listRuns().filter((run) => run.status === "completed")).toHaveLength(6);
  });

  it("a job without a concurrency limit runs up to its localConcurrency at once here, and none is given to Inngest", async () => {
    let active = 0;
    let peak = 0;
    const job = defineJob({
      id: "io-bound",
      event: "test/io-bound",
      retries: 0,
      localConcurrency: 25,
      schema: z.object({ i: z.number() }),
      handler: async ({ step }) => {
        await step.run("wait", async () => {
          active += 1;
          peak = Math.max(peak, active);
          await delay(30);
          active -= 1;
        });
      },
    });
    const runner = createRunner({ jobs: [job] });
    await runner.send(Array.from({ length: 40 }, (_, i) => ({ name: "test/io-bound", data: { i } })));
    await runner.idle();
    // The runner's default (10) would cap it there.
    expect(peak).toBe(25);
    expect(runner.listRuns().filter((run) => run.status === "completed")).toHaveLength(40);
    expect((job.inngestFunction as unknown as { opts: { concurrency?: unknown } }).opts.concurrency).toBeUndefined();
    expect(() => defineJob({ id: "bad", event: "test/bad", retries: 0, localConcurrency: 0, schema: z.object({}), handler: async () => {} })).toThrow(/localConcurrency/);
  });

  it("resolves idle() only when nothing is queued, running, sleeping or retrying", async () => {
    let done = false;
    const job = defineJob({
      id: "slowpoke",
      event: "test/slowpoke",
      retries: 1,
      schema: z.object({}),
      handler: async ({ step, attempt }) => {
        await step.sleep("wait", 30);
        if (attempt === 0) throw new Error("retry me");
        done = true;
      },
    });
    const runner = createRunner({ jobs: [job], retryBaseMs: 30 });
    await runner.idle(); // nothing to do: resolves at once
    await runner.send({ name: "test/slowpoke", data: {} });
    await runner.idle();
    expect(done).toBe(true);
  });

  it("memoises repeated step ids separately (steps in a loop)", async () => {
    const executed: number[] = [];
    let failAt2 = true;
    const job = defineJob({
      id: "loop",
      event: "test/loop",
      retries: 1,
      schema: z.object({}),
      handler: async ({ step }) => {
        const out: number[] = [];
        for (let i = 0; i < 3; i++) {
          out.push(
            await step.run("item", () => {
              executed.push(i);
              if (i === 2 && failAt2) {
                failAt2 = false;
                throw new Error("once");
              }
              return i * 10;
            }),
          );
        }
        return out;
      },
    });
    const runner = createRunner({ jobs: [job] });
    const { runIds } = await runner.send({ name: "test/loop", data: {} });
    expect((await runner.waitForRun(runIds[0]!)).result).toEqual([0, 10, 20]);
    expect(executed).toEqual([0, 1, 2, 2]);
  });

  it("runs parallel steps and waits for all of them before retrying", async () => {
    const runs = { slow: 0, bad: 0 };
    const job = defineJob({
      id: "parallel",
      event: "test/parallel",
      retries: 1,
      schema: z.object({}),
      handler: async ({ step }) =>
        Promise.all([
          step.run("slow", async () => {
            runs.slow += 1;
            await delay(50);
            return "slow";
          }),
          step.run("bad", () => {
            runs.bad += 1;
            if (runs.bad === 1) throw new Error("first try fails");
            return "bad";
          }),
        ]),
    });
    const runner = createRunner({ jobs: [job], retryBaseMs: 1 });
    const { runIds } = await runner.send({ name: "test/parallel", data: {} });
    expect((await runner.waitForRun(runIds[0]!)).result).toEqual(["slow", "bad"]);
    // The slow step finished during the first attempt and was replayed, never run concurrently twice.
    expect(runs).toEqual({ slow: 1, bad: 2 });
  });

  it("stop() cancels sleeping runs and refuses new events", async () => {
    let woke = false;
    const job = defineJob({
      id: "long-sleep",
      event: "test/long-sleep",
      retries: 0,
      schema: z.object({}),
      handler: async ({ step }) => {
        await step.sleep("hours", "10h");
        woke = true;
      },
    });
    const runner = createRunner({ jobs: [job] });
    const { runIds } = await runner.send({ name: "test/long-sleep", data: {} });
    await delay(10);
    expect(runner.getRun(runIds[0]!)?.status).toBe("waiting");
    await runner.stop();
    expect(runner.getRun(runIds[0]!)?.status).toBe("cancelled");
    expect(woke).toBe(false);
    await expect(runner.send({ name: "test/long-sleep", data: {} })).rejects.toThrow(/stopped/);
  });

  it("refuses event data that Inngest would refuse", async () => {
    const runner = createRunner();
    await expect(runner.send({ name: "test/x", data: "text" })).rejects.toThrow(/data must be an object/);
    await expect(runner.send({ name: "", data: {} })).rejects.toThrow(/name/);
  });
});

describe("defineJob", () => {
  it("keeps the handler and metadata next to the Inngest function", () => {
    const handler = async () => "ok";
    const job = defineJob({ id: "meta", event: "test/meta", retries: 3, concurrency: 4, schema: z.object({}), handler });
    expect(job).toMatchObject({ id: "meta", event: "test/meta", retries: 3, concurrency: 4, handler });
    expect(job.inngestFunction.id()).toBe("meta");
  });

  it("rejects retries Inngest would not accept", () => {
    const base = { id: "bad", event: "test/bad", schema: z.object({}), handler: async () => {} };
    expect(() => defineJob({ ...base, retries: 21 })).toThrow(/retries/);
    expect(() => defineJob({ ...base, retries: 1.5 })).toThrow(/retries/);
    expect(() => defineJob({ ...base, retries: 1, concurrency: 0 })).toThrow(/concurrency/);
  });
});
