import { InngestTestEngine } from "@inngest/test";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { defineJob, NonRetriableError } from "../../src/runtime/index.ts";

// The same kind of definition the local runner executes, run here through Inngest's own execution
// engine: proof that defineJob() produces a valid Inngest function. @inngest/test models neither
// retries nor time, so sleeps and sends are mocked by step id.
const effects: string[] = [];
const job = defineJob({
  id: "inngest-proof",
  event: "test/inngest-proof",
  retries: 2,
  concurrency: 3,
  schema: z.object({ candidateId: z.string(), tries: z.number().int().default(1) }),
  handler: async ({ event, step, attempt }) => {
    const parsed = await step.run("parse", () => {
      effects.push(`parse:${event.data.candidateId}`);
      return { name: "Ada Lovelace", parsedAt: new Date(0) };
    });
    await step.sleep("settle", "5s");
    const sent = await step.sendEvent("notify", { name: "test/parsed", data: { candidateId: event.data.candidateId } });
    return { parsed, sent, tries: event.data.tries, attempt };
  },
});

const mockedTime = [
  { id: "settle", handler: () => undefined },
  { id: "notify", handler: () => ({ ids: ["evt-notify"] }) },
];

describe("a defineJob() definition on Inngest's engine", () => {
  it("runs its steps with the validated event data", async () => {
    effects.length = 0;
    const t = new InngestTestEngine({ function: job.inngestFunction });
    const { result, error, ctx } = await t.execute({
      events: [{ name: "test/inngest-proof", data: { candidateId: "c1" } }],
      steps: mockedTime,
    });
    expect(error).toBeUndefined();
    // Within one request Inngest hands back the step's raw value; a replay gets it as JSON, which is
    // what the local runner always does and what the `Jsonified` step type promises.
    expect(result).toEqual({
      parsed: { name: "Ada Lovelace", parsedAt: new Date(0) },
      sent: { ids: ["evt-notify"] },
      tries: 1,
      attempt: 0,
    });
    expect(effects).toEqual(["parse:c1"]);
    expect(ctx.step.run).toHaveBeenCalledWith("parse", expect.any(Function));
    expect(ctx.step.sleep).toHaveBeenCalledWith("settle", "5s");
  });

  it("fails invalid event data with a NonRetriableError", async () => {
    const t = new InngestTestEngine({ function: job.inngestFunction });
    const { error } = await t.execute({ events: [{ name: "test/inngest-proof", data: { candidateId: 7 } }] });
    expect(error).toMatchObject({ name: "NonRetriableError", message: expect.stringContaining("candidateId") });
  });

  it("reports a step's NonRetriableError as the run's error", async () => {
    const fatal = defineJob({
      id: "inngest-fatal",
      event: "test/inngest-fatal",
      retries: 3,
      schema: z.object({}),
      handler: async ({ step }) => {
        await step.run("extract", () => {
          throw new NonRetriableError("zip bomb");
        });
      },
    });
    const t = new InngestTestEngine({ function: fatal.inngestFunction });
    const { error } = await t.execute({ events: [{ name: "test/inngest-fatal", data: {} }] });
    expect(error).toMatchObject({ message: "zip bomb" });
  });

  it("runs a single step in isolation", async () => {
    effects.length = 0;
    const t = new InngestTestEngine({ function: job.inngestFunction });
    const { result } = await t.executeStep("parse", {
      events: [{ name: "test/inngest-proof", data: { candidateId: "c2" } }],
    });
    expect(result).toEqual({ name: "Ada Lovelace", parsedAt: new Date(0) });
    expect(effects).toEqual(["parse:c2"]);
  });
});
