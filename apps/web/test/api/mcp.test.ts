import { randomBytes } from "node:crypto";
import { API_SCOPES, type ApiScope, createUser } from "@hireflow/core";
import { RECENT_TIMELINE_ENTRIES } from "@hireflow/core/board/contract";
import { getPrisma } from "@hireflow/db";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport, StreamableHTTPError } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { type CallToolResult, McpError } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useApiApp } from "../helpers/api-app.ts";
import { apiClient } from "../helpers/client.ts";
import { addApiKey, createTestCompany, type TestCompany } from "../helpers/fixtures.ts";

/**
 * /api/mcp with the MCP SDK's own Client over Streamable HTTP, on a real socket (in process, and the
 * production build under `npm start`'s server in the build suite): every tool against the REST API's
 * view of the same data, tools per scope, tool errors, scope refusals that write nothing, other
 * companies' ids, the rate limit, malformed JSON-RPC, oversized bodies and missing credentials.
 */
const app = useApiApp();
const marker = `Mcp${randomBytes(4).toString("hex")}`;
const ALL_TOOLS = ["list_jobs", "get_job", "search_candidates", "get_candidate", "create_candidate", "add_note", "move_candidate", "list_events", "pipeline_summary", "list_interviews", "get_scorecards", "list_offers", "get_offer", "draft_offer", "send_scheduling_link"];
const READ_ONLY_TOOLS = ["get_candidate", "get_job", "get_offer", "get_scorecards", "list_events", "list_interviews", "list_jobs", "list_offers", "pipeline_summary", "search_candidates"];
const clients: Client[] = [];

async function connect(apiKey: string | null): Promise<Client> {
  const client = new Client({ name: "hireflow-test", version: "1.0.0" });
  const headers: Record<string, string> = apiKey ? { authorization: `Bearer ${apiKey}` } : {};
  await client.connect(new StreamableHTTPClientTransport(new URL(`${app.url}/api/mcp`), { requestInit: { headers } }));
  clients.push(client);
  return client;
}

const call = (client: Client, name: string, args: Record<string, unknown>) => client.callTool({ name, arguments: args }) as Promise<CallToolResult>;
const structured = <T = any>(result: CallToolResult): T => {
  expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
  return result.structuredContent as T;
};
const errorText = (result: CallToolResult): string => {
  expect(result.isError).toBe(true);
  return (result.content as { type: string; text: string }[]).map((part) => part.text).join("\n");
};

/** A raw JSON-RPC POST, as a client that is not the SDK sends it. */
function post(body: BodyInit, apiKey: string | null = app.acme.apiKey, headers: Record<string, string> = {}) {
  return fetch(`${app.url}/api/mcp`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}), ...headers },
    body,
  });
}

let full: Client;
let other: TestCompany;
let candidateId: number;
/** The first stage of the job's pipeline, where a new candidate starts. */
let firstStage: string;
let otherCandidateId: number;

beforeAll(async () => {
  const created = await app.api.post("/candidates", { job_id: app.acme.jobId, name: `${marker} Ada`, email: `ada-${marker}@example.com` });
  expect(created.status).toBe(201);
  candidateId = created.body.data.id;
  firstStage = created.body.data.stage;
  other = await createTestCompany({ title: `${marker} Theirs` });
  const theirs = await apiClient(app.url, other).post("/candidates", { job_id: other.jobId, name: `${marker} Theirs`, email: `theirs-${marker}@example.com` });
  otherCandidateId = theirs.body.data.id;
  full = await connect(app.acme.apiKey);
});

afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
});

describe("initialize and tools/list", () => {
  it("negotiates a protocol revision and describes the server", () => {
    expect(full.getServerVersion()).toMatchObject({ name: "hireflow" });
    expect(full.getServerCapabilities()).toMatchObject({ tools: {}, resources: {} });
    expect(full.getInstructions()).toContain("search_candidates");
  });

  it("lists every tool for a key with every scope, each with an output schema and annotations", async () => {
    const { tools } = await full.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual([...ALL_TOOLS].sort());
    for (const tool of tools) {
      expect(tool.outputSchema?.type, tool.name).toBe("object");
      expect(tool.inputSchema.type, tool.name).toBe("object");
      expect(typeof tool.annotations?.readOnlyHint, tool.name).toBe("boolean");
      expect(typeof tool.annotations?.destructiveHint, tool.name).toBe("boolean");
      expect(typeof tool.annotations?.idempotentHint, tool.name).toBe("boolean");
    }
    const readOnly = tools.filter((tool) => tool.annotations?.readOnlyHint).map((tool) => tool.name);
    expect(readOnly.sort()).toEqual(READ_ONLY_TOOLS);
    // A move can reject a candidate (issue 43 §24): clients ask before running it. The other writes only add.
    expect(tools.filter((tool) => tool.annotations?.destructiveHint).map((tool) => tool.name)).toEqual(["move_candidate"]);
    expect(tools.find((tool) => tool.name === "move_candidate")?.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true, idempotentHint: true });
  });

  it.each([
    [["jobs:read"], ["get_job", "list_jobs"]],
    [API_SCOPES.filter((scope) => scope.endsWith(":read")), READ_ONLY_TOOLS],
    [["interviews:read", "scorecards:read"], ["get_scorecards", "list_interviews"]],
    [["interviews:read", "interviews:write"], ["list_interviews", "send_scheduling_link"]],
    [["candidates:write"], ["add_note", "create_candidate"]],
    [["offers:read", "offers:write"], ["draft_offer", "get_offer", "list_offers"]],
    [["candidates:read", "candidates:write"], ["add_note", "create_candidate", "get_candidate", "move_candidate", "search_candidates"]],
    [["webhooks:read", "webhooks:write"], []],
  ] as [ApiScope[], string[]][])("a key with %j lists %j", async (scopes, expected) => {
    const key = await addApiKey(app.acme, scopes);
    const client = await connect(key.apiKey);
    expect((await client.listTools()).tools.map((tool) => tool.name).sort()).toEqual(expected);
  });
});

describe("every tool, as the REST API sees the same data", () => {
  it("list_jobs and get_job: the job with its screening criteria and pipeline stages", async () => {
    const list = structured(await call(full, "list_jobs", { is_active: true, limit: 10 }));
    expect(list.data.map((job: { id: number }) => job.id)).toContain(app.acme.jobId);
    const result = await call(full, "get_job", { id: app.acme.jobId });
    const job = structured(result).data;
    expect(job).toEqual((await app.api.get(`/jobs/${app.acme.jobId}`)).body.data);
    expect(job.stages.map((stage: { key: string }) => stage.key)).toContain("phonescreen");
    expect(job.screening).toBeTypeOf("object");
    expect((result.content as { text: string }[])[0]!.text).toContain(job.title);
  });

  it("search_candidates: q, job, stage, minimum fit score, sort", async () => {
    const found = structured(await call(full, "search_candidates", { q: marker, job_id: app.acme.jobId, stage: firstStage, sort: "created", limit: 5 }));
    expect(found.data.map((c: { id: number }) => c.id)).toContain(candidateId);
    expect(found.data.every((c: { name: string }) => c.name.startsWith(marker))).toBe(true);
    const scored = structured(await call(full, "search_candidates", { min_fit_score: 100, sort: "fit_score" }));
    expect(scored.data.map((c: { id: number }) => c.id)).not.toContain(candidateId);
    const paged = structured(await call(full, "search_candidates", { limit: 1 }));
    expect(paged.pagination).toMatchObject({ has_more: expect.any(Boolean) });
  });

  it("list_interviews and get_scorecards: the interviews and the feedback the REST API shows", async () => {
    const member = await createUser(getPrisma(), { companyId: app.acme.id, email: `panel-${marker}@example.com`, name: `${marker} Panel`, password: "correct horse battery staple", role: "recruiter" });
    const start = new Date(Date.now() + 86_400_000);
    const scheduled = await app.api.post("/interviews", {
      candidate_id: candidateId,
      title: `${marker} Onsite`,
      start_at: start.toISOString(),
      end_at: new Date(start.getTime() + 3_600_000).toISOString(),
      time_zone: "Europe/Berlin",
      interviewer_ids: [member.id],
    });
    expect(scheduled.status).toBe(201);
    const interviewId = scheduled.body.data.id as number;
    const listed = structured(await call(full, "list_interviews", { candidate_id: candidateId }));
    expect(listed.data).toEqual((await app.api.get(`/interviews?candidate_id=${candidateId}`)).body.data);
    expect(listed.data.map((interview: { id: number }) => interview.id)).toEqual([interviewId]);
    expect(structured(await call(full, "list_interviews", { interviewer_id: member.id })).data.map((interview: { id: number }) => interview.id)).toEqual([interviewId]);

    expect(structured(await call(full, "get_scorecards", { candidate_id: candidateId })).data).toMatchObject({ scorecards: [], hidden_count: 0 });
    const submitted = await app.api.post(`/interviews/${interviewId}/scorecards`, { recommendation: "strong_yes", notes: "Clear thinker", on_behalf_of: member.id });
    expect(submitted.status).toBe(201);
    const result = await call(full, "get_scorecards", { candidate_id: candidateId });
    expect(structured(result).data).toEqual((await app.api.get(`/candidates/${candidateId}/scorecards`)).body.data);
    expect(structured(result).data.summary.recommendations.strong_yes).toBe(1);
    expect((result.content as { text: string }[])[0]!.text).toContain("strong_yes 1");
  });

  it("create_candidate, add_note, move_candidate, get_candidate, list_events, pipeline_summary", async () => {
    const email = `grace-${marker}@example.com`;
    const created = structured(await call(full, "create_candidate", { job_id: app.acme.jobId, name: `${marker} Grace`, email }));
    const id = created.data.id as number;
    expect((await app.api.get(`/candidates/${id}`)).body.data).toMatchObject({ email, application_source: "public_api", stage: firstStage });

    const note = structured(await call(full, "add_note", { candidate_id: id, note: "Strong systems background" }));
    expect(note.data).toMatchObject({ candidate_id: id, note: "Strong systems background", added_by: "api" });

    const moved = structured(await call(full, "move_candidate", { candidate_id: id, stage: "phonescreen", reason: "Great portfolio" }));
    expect(moved).toMatchObject({ moved: true, data: { id, stage: "phonescreen" } });
    expect((await app.api.get(`/candidates/${id}`)).body.data.stage).toBe("phonescreen");
    // Moving again changes nothing (idempotentHint).
    expect(structured(await call(full, "move_candidate", { candidate_id: id, stage: "phonescreen" })).moved).toBe(false);

    const profile = structured(await call(full, "get_candidate", { id })).data;
    expect(profile.candidate).toEqual((await app.api.get(`/candidates/${id}`)).body.data);
    expect(profile.candidate.fit).toMatchObject({ criteria: expect.any(Array) });
    expect(profile.recent_timeline[0]).toMatchObject({ type: "stage_changed", added_by: "api" });
    expect(profile.recent_timeline.map((entry: { type: string }) => entry.type)).toContain("note_added");

    const events = structured(await call(full, "list_events", { type: "candidate.stage_changed", candidate_id: id }));
    expect(events.data).toHaveLength(1);
    expect(events.data[0].payload).toMatchObject({ candidate: { id } });

    const summary = structured(await call(full, "pipeline_summary", { job_id: app.acme.jobId })).data;
    const count = (key: string) => summary.stages.find((stage: { key: string }) => stage.key === key)?.candidates;
    const first = (await app.api.get(`/candidates?job_id=${app.acme.jobId}&stage=${firstStage}&limit=100`)).body.data.length;
    expect(count("phonescreen")).toBeGreaterThanOrEqual(1);
    expect(count(firstStage)).toBe(first);
    expect(summary.fit_buckets).toHaveLength(summary.totals.fit_counts.length);
    expect(summary.totals.candidates).toBe(summary.stages.reduce((sum: number, stage: { candidates: number }) => sum + stage.candidates, 0));
  });

  it("get_candidate: only the newest timeline entries, newest first, with their performers", async () => {
    const created = await app.api.post("/candidates", { job_id: app.acme.jobId, name: `${marker} Long`, email: `long-${marker}@example.com` });
    const id = created.body.data.id as number;
    for (let n = 1; n <= RECENT_TIMELINE_ENTRIES + 3; n++) expect((await app.api.post(`/candidates/${id}/notes`, { note: `Note ${n}` })).status).toBe(201);
    const member = await createUser(getPrisma(), { companyId: app.acme.id, email: `performer-${marker}@example.com`, password: "correct horse battery staple", name: "Pat Performer", role: "recruiter" });
    await getPrisma().candidate.update({ where: { id }, data: { answers: { relocation: "Berlin" } } });
    // An entry with JSON data (nested, with a null and a non-ASCII string), as the SQL builds it.
    await getPrisma().candidateActivity.create({
      data: { companyId: app.acme.id, candidateId: id, type: "updated", addedBy: "system", data: { fields: ["answers"], nested: { list: [1, "zwei – ü", null], ok: true } } },
    });
    const last = await getPrisma().candidateActivity.create({ data: { companyId: app.acme.id, candidateId: id, type: "note_added", note: "By a member", addedBy: "user", performerId: member.id } });
    const brief = structured(await call(full, "get_candidate", { id })).data;
    const newest = await getPrisma().candidateActivity.findMany({
      where: { candidateId: id },
      include: { performer: { select: { id: true, name: true, email: true } } },
      orderBy: { id: "desc" },
      take: RECENT_TIMELINE_ENTRIES,
    });
    expect(await getPrisma().candidateActivity.count({ where: { candidateId: id } })).toBe(RECENT_TIMELINE_ENTRIES + 6); // created, the notes, the update, the member's
    // Every entry as Prisma reads the row: the contract's shape, key for key.
    expect(brief.recent_timeline).toStrictEqual(
      newest.map((a) => ({ id: a.id, type: a.type, note: a.note, data: a.data, added_by: a.addedBy, performer: a.performer, created_at: a.createdAt.toISOString() })),
    );
    expect(brief.recent_timeline[1]).toMatchObject({ type: "updated", note: null, added_by: "system", data: { fields: ["answers"], nested: { list: [1, "zwei – ü", null], ok: true } } });
    expect(brief.recent_timeline[0]).toEqual({
      id: last.id,
      type: "note_added",
      note: "By a member",
      data: null,
      added_by: "user",
      performer: { id: member.id, name: "Pat Performer", email: member.email },
      created_at: last.createdAt.toISOString(),
    });
    expect(brief.recent_timeline[2]).toMatchObject({ type: "note_added", note: `Note ${RECENT_TIMELINE_ENTRIES + 3}`, added_by: "api", performer: null });
    expect(brief.candidate).toEqual((await app.api.get(`/candidates/${id}`)).body.data);
    // The job asks no screening questions, so the answer is labelled by its key (as on the candidate page).
    expect(brief.answers).toEqual([{ id: "relocation", label: "relocation", answer: "Berlin" }]);
  });

  it("reads a candidate's parsed resume and a job's description as resources", async () => {
    const { resourceTemplates } = await full.listResourceTemplates();
    expect(resourceTemplates.map((template) => template.uriTemplate).sort()).toEqual(["hireflow://candidates/{id}/resume", "hireflow://jobs/{id}/description"]);
    const resume = await full.readResource({ uri: `hireflow://candidates/${candidateId}/resume` });
    expect(JSON.parse((resume.contents[0] as { text: string }).text)).toMatchObject({ candidate_id: candidateId, resume_data: null });
    const description = await full.readResource({ uri: `hireflow://jobs/${app.acme.jobId}/description` });
    expect((description.contents[0] as { text: string }).text).toMatch(/^# Software Engineer/);
  });
});

describe("errors", () => {
  it("a tool error for a missing candidate and for invalid arguments (the API's error envelope in the text)", async () => {
    expect(errorText(await call(full, "get_candidate", { id: 2_000_000_000 }))).toContain('"code":"not_found"');
    const invalid = errorText(await call(full, "add_note", { candidate_id: "abc", note: "" }));
    expect(invalid).toContain('"code":"validation_error"');
    expect(invalid).toContain("candidate_id");
    // The procedure's own contract still applies: an empty note is refused there.
    expect(errorText(await call(full, "add_note", { candidate_id: candidateId, note: "   " }))).toContain('"field":"note"');
  });

  it("an unknown tool is a JSON-RPC invalid-params error, its message on the wire once (issue 43 §24)", async () => {
    const error = await full.callTool({ name: "delete_candidate", arguments: { id: candidateId } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(McpError);
    expect((error as McpError).code).toBe(-32602);
    // The client's McpError adds "MCP error -32602: " to what the server sent: once, not twice.
    expect((error as McpError).message).toBe("MCP error -32602: Unknown tool: delete_candidate");
    for (const body of [
      { jsonrpc: "2.0", id: 5, method: "tools/call", params: { name: "delete_candidate", arguments: {} } },
      [{ jsonrpc: "2.0", id: 5, method: "tools/call", params: { name: "delete_candidate", arguments: {} } }],
    ]) {
      const res = await post(JSON.stringify(body), app.acme.apiKey, { "mcp-protocol-version": "2025-06-18" });
      const answer = await res.json();
      expect((Array.isArray(answer) ? answer[0] : answer).error).toEqual({ code: -32602, message: "Unknown tool: delete_candidate" });
    }
    // The resource errors the same way.
    await expect(full.readResource({ uri: `hireflow://candidates/2000000000/resume` })).rejects.toMatchObject({ code: -32002, message: "MCP error -32002: Resource not found" });
    const missing = await post(JSON.stringify({ jsonrpc: "2.0", id: 6, method: "resources/read", params: { uri: "hireflow://nothing/1" } }), app.acme.apiKey, { "mcp-protocol-version": "2025-06-18" });
    expect((await missing.json()).error).toEqual({ code: -32002, message: "Resource not found", data: { uri: "hireflow://nothing/1" } });
  });

  it("a tool outside the key's scopes is refused naming the scope, and writes nothing", async () => {
    const readOnly = await connect((await addApiKey(app.acme, API_SCOPES.filter((scope) => scope.endsWith(":read")))).apiKey);
    const notes = () => getPrisma().candidateActivity.count({ where: { candidateId } });
    const before = await notes();
    expect(errorText(await call(readOnly, "add_note", { candidate_id: candidateId, note: "nope" }))).toContain("needs the scope candidates:write");
    // move_candidate reads the candidate back: a write-only key lacks candidates:read and moves nothing.
    const writeOnly = await connect((await addApiKey(app.acme, ["candidates:write"])).apiKey);
    expect(errorText(await call(writeOnly, "move_candidate", { candidate_id: candidateId, stage: "hired" }))).toContain("needs the scope candidates:read");
    expect((await app.api.get(`/candidates/${candidateId}`)).body.data.stage).toBe(firstStage);
    expect(await notes()).toBe(before);
    await expect(readOnly.readResource({ uri: `hireflow://jobs/${app.acme.jobId}/description` })).resolves.toBeTruthy();
    await expect(writeOnly.readResource({ uri: `hireflow://jobs/${app.acme.jobId}/description` })).rejects.toThrow(/^MCP error -32600: Reading hireflow:\/\/jobs\/\{id\}\/description needs the scope jobs:read, which this API key lacks/);
  });

  it("never reaches another company's data", async () => {
    const theirs = async () => (await apiClient(app.url, other).get(`/candidates/${otherCandidateId}`)).body.data;
    const before = await theirs();
    for (const [name, args] of [
      ["get_candidate", { id: otherCandidateId }],
      ["add_note", { candidate_id: otherCandidateId, note: "cross-tenant" }],
      ["move_candidate", { candidate_id: otherCandidateId, stage: "hired" }],
      ["get_job", { id: other.jobId }],
      ["pipeline_summary", { job_id: other.jobId }],
      ["create_candidate", { job_id: other.jobId, name: "Intruder" }],
      ["get_scorecards", { candidate_id: otherCandidateId }],
    ] as const) {
      expect(errorText(await call(full, name, args)), name).toContain('"code":"not_found"');
    }
    expect(await theirs()).toEqual(before);
    expect(await getPrisma().candidate.count({ where: { companyId: other.id } })).toBe(1);
    const searched = structured(await call(full, "search_candidates", { q: `${marker} Theirs` }));
    expect(searched.data).toEqual([]);
    const events = structured(await call(full, "list_events", { candidate_id: otherCandidateId }));
    expect(events.data).toEqual([]);
    expect(structured(await call(full, "list_interviews", { candidate_id: otherCandidateId })).data).toEqual([]);
    await expect(full.readResource({ uri: `hireflow://candidates/${otherCandidateId}/resume` })).rejects.toMatchObject({ code: -32002 });
  });

  it("applies the key's rate limit (shared with /api/v1): 429 with Retry-After", async () => {
    const limitedKey = async () => {
      const key = await addApiKey(app.acme, undefined, "mcp rate limited");
      await getPrisma().apiKey.update({ where: { id: key.id }, data: { rateLimit: 3 } });
      return key.apiKey;
    };
    // Windows are aligned to the clock: within 2 × limit + 1 requests one is refused, whatever the boundary.
    const raw = await limitedKey();
    let res: Response | undefined;
    for (let i = 0; i < 7 && res?.status !== 429; i++) {
      res = await post(JSON.stringify({ jsonrpc: "2.0", id: i, method: "tools/list" }), raw, { "mcp-protocol-version": "2025-06-18" });
    }
    expect(res!.status).toBe(429);
    expect(Number(res!.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(res!.headers.get("ratelimit-remaining")).toBe("0");
    expect(await res!.json()).toMatchObject({ jsonrpc: "2.0", id: null, error: { code: -32000, data: { code: "rate_limited" } } });

    const client = await connect(await limitedKey()); // initialize + notifications/initialized: 2 requests
    let refused: unknown;
    for (let i = 0; i < 7 && !refused; i++) refused = await client.listTools().then(() => undefined, (error: unknown) => error);
    expect(refused).toBeInstanceOf(StreamableHTTPError);
    expect((refused as StreamableHTTPError).code).toBe(429);
  });

  it("malformed JSON-RPC gets the protocol's error codes, never a 500", async () => {
    const notJson = await post("{not json");
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toMatchObject({ jsonrpc: "2.0", error: { code: -32700 }, id: null });
    const notJsonRpc = await post(JSON.stringify({ hello: "world" }));
    expect(notJsonRpc.status).toBe(400);
    expect((await notJsonRpc.json()).error.code).toBe(-32700);
    const deep = await post("[".repeat(100_000));
    expect(deep.status).toBe(400);
    expect((await deep.json()).error.code).toBe(-32700);
    const unknownMethod = await post(JSON.stringify({ jsonrpc: "2.0", id: 7, method: "candidates/erase", params: {} }), app.acme.apiKey, { "mcp-protocol-version": "2025-06-18" });
    expect(unknownMethod.status).toBe(200);
    expect(await unknownMethod.json()).toMatchObject({ jsonrpc: "2.0", id: 7, error: { code: -32601 } });
    const badParams = await post(JSON.stringify({ jsonrpc: "2.0", id: 8, method: "tools/call", params: { arguments: {} } }), app.acme.apiKey, { "mcp-protocol-version": "2025-06-18" });
    expect(badParams.status).toBe(200);
    expect(await badParams.json()).toMatchObject({ jsonrpc: "2.0", id: 8, error: { code: -32602, message: expect.stringContaining("name") } });
    // Params the server tells valid without the SDK's schema (server.ts plainToolCallParams) — and their near misses, which the schema refuses.
    for (const params of [{ name: "list_jobs", arguments: [] }, { name: "list_jobs", arguments: null }, { name: "list_jobs", arguments: "{}" }, { name: 7, arguments: {} }, { name: "list_jobs", _meta: "x" }]) {
      const refused = await post(JSON.stringify({ jsonrpc: "2.0", id: 9, method: "tools/call", params }), app.acme.apiKey, { "mcp-protocol-version": "2025-06-18" });
      expect(await refused.json(), JSON.stringify(params)).toMatchObject({ jsonrpc: "2.0", id: 9, error: { code: -32602 } });
    }
    const noArguments = await post(JSON.stringify({ jsonrpc: "2.0", id: 10, method: "tools/call", params: { name: "list_jobs" } }), app.acme.apiKey, { "mcp-protocol-version": "2025-06-18" });
    expect((await noArguments.json()).result.structuredContent.data).toEqual(expect.any(Array));
  });

  it("refuses an oversized body with 413 like the REST gateway", async () => {
    const big = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "add_note", arguments: { candidate_id: candidateId, note: "x".repeat(1024 * 1024) } } });
    const res = await post(big);
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ jsonrpc: "2.0", error: { data: { code: "payload_too_large" } }, id: null });
    expect(res.headers.get("request-id")).toMatch(/^req_/);
  });

  it("401 without a key or with an unknown one; 405 for GET (stateless: no stream to open)", async () => {
    for (const key of [null, `hf_live_${"0".repeat(40)}`]) {
      const res = await post(JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }), key);
      expect(res.status).toBe(401);
      const body = await res.json();
      expect(body).toMatchObject({ jsonrpc: "2.0", error: { data: { code: "unauthorized" } }, id: null });
      // Words for either credential (OAuth is what assistants use), and RFC 6750's error only when a token was sent (issue 43 §21).
      expect(body.error.message).not.toMatch(/^API key/);
      const challenge = res.headers.get("www-authenticate")!;
      expect(challenge).toMatch(/^Bearer /);
      expect(challenge.includes('error="invalid_token"'), String(key)).toBe(key !== null);
    }
    await expect(connect(null)).rejects.toThrow();
    const get = await fetch(`${app.url}/api/mcp`, { headers: { authorization: `Bearer ${app.acme.apiKey}`, accept: "text/event-stream" } });
    expect(get.status).toBe(405);
    expect(get.headers.get("allow")).toBe("POST, OPTIONS");
  });
});

describe("browser-based clients (CORS)", () => {
  const origin = "https://assistant.example";

  it("answers the preflight without a credential: POST with Authorization and the MCP headers, from any origin", async () => {
    const res = await fetch(`${app.url}/api/mcp`, {
      method: "OPTIONS",
      headers: { origin, "access-control-request-method": "POST", "access-control-request-headers": "authorization, content-type, mcp-protocol-version, mcp-session-id" },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect(res.headers.get("access-control-allow-methods")!.split(/,\s*/)).toContain("POST");
    const allowed = res.headers.get("access-control-allow-headers")!.split(/,\s*/);
    expect(allowed).toEqual(expect.arrayContaining(["authorization", "content-type", "accept", "mcp-session-id", "mcp-protocol-version", "last-event-id"]));
    expect(Number(res.headers.get("access-control-max-age"))).toBeGreaterThan(0);
    expect(await res.text()).toBe("");
  });

  it("every answer lets the page read the MCP headers, the 401's WWW-Authenticate and the rate limit", async () => {
    const exposed = (res: Response) => res.headers.get("access-control-expose-headers")!.split(/,\s*/);
    const ok = await post(JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }), app.acme.apiKey, { origin, "mcp-protocol-version": "2025-06-18" });
    expect(ok.status).toBe(200);
    expect(ok.headers.get("access-control-allow-origin")).toBe("*");
    expect(exposed(ok)).toEqual(expect.arrayContaining(["mcp-session-id", "mcp-protocol-version", "www-authenticate", "ratelimit-remaining", "retry-after", "request-id"]));
    const toolCall = await post(JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "get_candidate", arguments: { id: candidateId } } }), app.acme.apiKey, { origin });
    expect([toolCall.status, toolCall.headers.get("access-control-allow-origin")]).toEqual([200, "*"]);
    const anonymous = await post(JSON.stringify({ jsonrpc: "2.0", id: 3, method: "tools/list" }), null, { origin });
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get("access-control-allow-origin")).toBe("*");
    expect(exposed(anonymous)).toContain("www-authenticate");
    expect(anonymous.headers.get("www-authenticate")).toMatch(/^Bearer resource_metadata="/);
  });
});

describe("tools/call without the SDK's per-request server", () => {
  /** The same message alone (answered directly) and as a batch of one (answered by the SDK's server and transport). */
  async function bothWays(message: Record<string, unknown>, apiKey = app.acme.apiKey) {
    const headers = { "mcp-protocol-version": "2025-06-18" };
    const direct = await post(JSON.stringify(message), apiKey, headers);
    const viaSdk = await post(JSON.stringify([message]), apiKey, headers);
    expect([direct.status, direct.headers.get("content-type")]).toEqual([viaSdk.status, viaSdk.headers.get("content-type")]);
    return { direct: await direct.json(), viaSdk: await viaSdk.json() };
  }

  it.each([
    ["a result", { name: "get_candidate", arguments: { id: 0 } }],
    ["a tool error (not found)", { name: "get_candidate", arguments: { id: 2_000_000_000 } }],
    ["a tool error (invalid arguments)", { name: "get_candidate", arguments: { id: "seven" } }],
    ["a JSON-RPC error (unknown tool)", { name: "erase_everything", arguments: {} }],
    ["a list", { name: "list_jobs", arguments: {} }],
  ])("answers %s exactly as the SDK does", async (_label, params) => {
    const args = params.arguments as Record<string, unknown>;
    if (args.id === 0) args.id = candidateId;
    const { direct, viaSdk } = await bothWays({ jsonrpc: "2.0", id: 41, method: "tools/call", params });
    expect(direct).toStrictEqual(viaSdk);
    expect(direct.id).toBe(41);
  });

  it("a tool outside the key's scopes: the same refusal both ways", async () => {
    const readOnly = await addApiKey(app.acme, ["jobs:read"]);
    const { direct, viaSdk } = await bothWays({ jsonrpc: "2.0", id: "s-1", method: "tools/call", params: { name: "get_candidate", arguments: { id: candidateId } } }, readOnly.apiKey);
    expect(direct).toStrictEqual(viaSdk);
    expect(direct.result.isError).toBe(true);
  });

  it("leaves to the SDK what its transport refuses: a missing Accept type, another content type, an unknown protocol revision", async () => {
    const body = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "list_jobs", arguments: {} } });
    expect((await post(body, app.acme.apiKey, { accept: "application/json" })).status).toBe(406);
    expect((await post(body, app.acme.apiKey, { "content-type": "text/plain" })).status).toBe(415);
    expect((await post(body, app.acme.apiKey, { "mcp-protocol-version": "1999-01-01" })).status).toBe(400);
  });
});
