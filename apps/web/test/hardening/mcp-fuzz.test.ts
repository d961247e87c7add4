import { MCP_TOOLS } from "@hireflow/core";
import { getPrisma } from "@hireflow/db";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { type z } from "zod";
import { useApiApp } from "../helpers/api-app.ts";
import { apiClient } from "../helpers/client.ts";
import { createTestCompany, type TestCompany } from "../helpers/fixtures.ts";

/**
 * Property: whatever an MCP client sends to /api/mcp — any arguments to any tool (wrong types, huge
 * numbers, NUL and control characters, unknown fields, other companies' ids), any JSON-RPC method
 * and params — the answer is below 500 and, for a tool call, either a result or a tool error whose
 * envelope is a 4xx code, never internal_error; another company's data is never touched. The tools
 * come from MCP_TOOLS, so a new tool is fuzzed the day it is added.
 */
const RUNS_PER_TOOL = Number(process.env.FUZZ_RUNS ?? 40);
const app = useApiApp();
let other: TestCompany;
let ownCandidate: number;
let theirCandidate: number;

beforeAll(async () => {
  ownCandidate = (await app.api.post("/candidates", { job_id: app.acme.jobId, name: "Fuzz Own" })).body.data.id;
  other = await createTestCompany();
  theirCandidate = (await apiClient(app.url, other).post("/candidates", { job_id: other.jobId, name: "Fuzz Theirs" })).body.data.id;
});

let nextId = 0;
async function rpc(method: string, params: unknown): Promise<{ status: number; body: any }> {
  const res = await fetch(`${app.url}/api/mcp`, {
    method: "POST",
    headers: { authorization: `Bearer ${app.acme.apiKey}`, "content-type": "application/json", accept: "application/json, text/event-stream", "mcp-protocol-version": "2025-06-18" },
    body: JSON.stringify({ jsonrpc: "2.0", id: ++nextId, method, params }),
  });
  return { status: res.status, body: res.status === 202 ? null : await res.json() };
}

const hostileString = fc.oneof(
  fc.string(),
  fc.string({ unit: "binary", maxLength: 50 }),
  fc.constantFrom("", " ", "\u0000", "a\u0000b", "\u001b[31m", "x".repeat(5000), "__proto__", "constructor", "1e9", "-1", "0x10", "%00", "hired", "prospect"),
);
const value = (ids: () => number[]) =>
  fc.oneof(
    fc.constantFrom(...ids()),
    fc.integer(),
    fc.double(),
    fc.constantFrom(0, -1, 2_147_483_648, Number.MAX_SAFE_INTEGER, true, false, null),
    hostileString,
    fc.array(fc.integer(), { maxLength: 3 }),
    fc.dictionary(fc.string({ maxLength: 5 }), fc.integer(), { maxKeys: 3 }),
  );

const theirSnapshot = async () => {
  const prisma = getPrisma();
  const [candidates, activities, stage] = await Promise.all([
    prisma.candidate.count({ where: { companyId: other.id } }),
    prisma.candidateActivity.count({ where: { companyId: other.id } }),
    prisma.candidate.findUnique({ where: { id: theirCandidate }, select: { stage: true, updatedAt: true } }),
  ]);
  return { candidates, activities, stage };
};

describe("fuzzing every MCP tool's arguments", () => {
  const ids = () => [ownCandidate, theirCandidate, app.acme.jobId, other.jobId, 1];
  it.each(MCP_TOOLS.map((tool) => [tool.name, tool] as const))("%s", async (name, tool) => {
    const keys = Object.keys((tool.input as z.ZodObject).shape);
    const before = await theirSnapshot();
    const args = fc.oneof(
      fc.dictionary(fc.constantFrom(...keys), value(ids), { maxKeys: keys.length }),
      fc.dictionary(fc.oneof(fc.constantFrom(...keys), fc.string({ maxLength: 10 })), value(ids), { maxKeys: 4 }),
    );
    await fc.assert(
      fc.asyncProperty(args, async (input) => {
        const { status, body } = await rpc("tools/call", { name, arguments: input });
        const context = `${name} ${JSON.stringify(input).slice(0, 300)} → ${status} ${JSON.stringify(body).slice(0, 400)}`;
        expect(status, context).toBe(200);
        if (body.error) {
          expect(body.error.code, context).toBeLessThan(-32000);
          return;
        }
        if (!body.result.isError) {
          expect(body.result.structuredContent, context).toBeTypeOf("object");
          return;
        }
        const text: string = body.result.content[0].text;
        expect(text, context).not.toContain("internal_error");
        expect(text, context).toMatch(/"code":"(validation_error|bad_request|not_found|conflict|unprocessable_entity|forbidden)"|needs the scope/);
      }),
      { numRuns: RUNS_PER_TOOL },
    );
    expect(await theirSnapshot()).toEqual(before);
  });
});

describe("fuzzing JSON-RPC methods and params", () => {
  it("answers every message below 500 with JSON-RPC", async () => {
    const method = fc.oneof(fc.constantFrom("tools/call", "tools/list", "resources/read", "resources/templates/list", "initialize", "ping", "prompts/list", "logging/setLevel"), fc.string({ maxLength: 30 }));
    const params = fc.oneof(fc.constant(undefined), fc.jsonValue({ maxDepth: 3 }), fc.record({ name: hostileString, uri: hostileString, arguments: fc.jsonValue({ maxDepth: 2 }) }));
    await fc.assert(
      fc.asyncProperty(method, params, async (m, p) => {
        const { status, body } = await rpc(m, p);
        const context = `${m} ${JSON.stringify(p)?.slice(0, 200)} → ${status} ${JSON.stringify(body).slice(0, 300)}`;
        expect(status, context).toBeLessThan(500);
        if (body) expect(body.jsonrpc, context).toBe("2.0");
        if (body?.error) expect(body.error.code, context).not.toBe(-32603);
      }),
      { numRuns: RUNS_PER_TOOL * 2 },
    );
  });
});
