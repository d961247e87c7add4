import { describe, expectTypeOf, it } from "vitest";
import { z } from "zod";
import { defineJob, type AnyJobDefinition, type Jsonified } from "../../src/runtime/index.ts";

// Compile-time checks (run by `tsc`; vitest executes them as no-ops).
describe("types", () => {
  it("infers event data from the schema's output and step results as stored JSON", () => {
    const job = defineJob({
      id: "typed",
      event: "test/typed",
      retries: 0,
      schema: z.object({ id: z.string(), n: z.number().default(1) }),
      handler: async ({ event, step }) => {
        expectTypeOf(event.data).toEqualTypeOf<{ id: string; n: number }>();
        const stored = await step.run("s", () => ({ at: new Date(), tags: ["a"], maybe: undefined as string | undefined }));
        expectTypeOf(stored.at).toEqualTypeOf<string>();
        expectTypeOf(stored.tags).toEqualTypeOf<string[]>();
        const nothing = await step.run("void", () => {});
        expectTypeOf(nothing).toEqualTypeOf<null>();
        return stored.at.length;
      },
      onFailure: async ({ data }) => {
        expectTypeOf(data).toEqualTypeOf<{ id: string; n: number } | null>();
      },
    });
    expectTypeOf(job.handler).returns.resolves.toEqualTypeOf<number>();
    // Jobs of different data types fit one list for registerJobs / createInngestHandlers.
    const other = defineJob({ id: "o", event: "test/o", retries: 0, schema: z.object({}), handler: async () => "x" });
    expectTypeOf([job, other]).toExtend<AnyJobDefinition[]>();
    expectTypeOf<Jsonified<string | undefined>>().toEqualTypeOf<string | null>();
  });
});
