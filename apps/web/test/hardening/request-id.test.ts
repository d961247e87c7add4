import { describe, expect, it } from "vitest";
import { newRequestId } from "../../src/lib/server/route-errors.ts";

describe("newRequestId", () => {
  it("gives distinct ids of 96 random bits, across many refills of its random buffer", () => {
    const ids = Array.from({ length: 5_000 }, () => newRequestId());
    for (const id of ids) expect(id).toMatch(/^req_[A-Za-z0-9_-]{16}$/);
    expect(new Set(ids).size).toBe(ids.length);
    // No id repeats a neighbour's bytes at another offset (a refill or slicing mistake would).
    const bits = new Set(ids.map((id) => id.slice(4, 12)));
    expect(bits.size).toBe(ids.length);
  });
});
