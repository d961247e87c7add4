import { describe, expect, it } from "vitest";
import { PRODUCTION_NODE_OPTIONS, withProductionNodeOptions } from "../src/server/node-options.ts";

describe("NODE_OPTIONS of npm start", () => {
  it("adds the young-generation size to nothing or to the operator's own options", () => {
    expect(withProductionNodeOptions(undefined)).toBe(PRODUCTION_NODE_OPTIONS);
    expect(withProductionNodeOptions("  ")).toBe(PRODUCTION_NODE_OPTIONS);
    expect(withProductionNodeOptions("--max-old-space-size=2048")).toBe(`--max-old-space-size=2048 ${PRODUCTION_NODE_OPTIONS}`);
  });

  it("leaves an operator's own semi-space size alone", () => {
    expect(withProductionNodeOptions("--max-semi-space-size=64")).toBe("--max-semi-space-size=64");
    expect(withProductionNodeOptions("--inspect --max-semi-space-size 8")).toBe("--inspect --max-semi-space-size 8");
  });
});
