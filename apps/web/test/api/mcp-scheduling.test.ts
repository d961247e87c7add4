import { randomBytes } from "node:crypto";
import { type ApiScope, createUser, type UserRole } from "@hireflow/core";
import { hashOAuthSecret, newOAuthSecret } from "@hireflow/core/identity/oauth-tokens";
import { getPrisma } from "@hireflow/db";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { type CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useApiApp } from "../helpers/api-app.ts";
import { apiClient } from "../helpers/client.ts";
import { addApiKey, createTestCompany, type TestCompany } from "../helpers/fixtures.ts";

/**
 * The scheduling tool of /api/mcp (issue 42 §3) with the MCP SDK's own Client on a real socket:
 * send_scheduling_link creates a link for a candidate with a pool, as POST /scheduling_links does
 * (the e-mail, the audit entry, the procedure's own refusals), and returns its url, which the
 * candidate's public API answers with slots; a key without interviews:write gets the tool error naming
 * the scope and an OAuth token without it the 403 step-up challenge, both with nothing written; an
 * OAuth member sends as themself (an interviewer may not); another company's candidate is not found.
 */
const app = useApiApp();
const marker = `McpSched${randomBytes(4).toString("hex")}`;
const clients: Client[] = [];
const EVERY_DAY = (["mon", "tue", "wed", "thu", "fri", "sat", "sun"] as const).map((day) => ({ day, start: "00:00", end: "24:00" }));
const TOKEN_URL = /\/schedule\/([A-Za-z0-9_-]{43})$/;

async function connect(bearer: string): Promise<Client> {
  const client = new Client({ name: "hireflow-test", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${app.url}/api/mcp`), { requestInit: { headers: { authorization: `Bearer ${bearer}` } } }));
  clients.push(client);
  return client;
}

/** A member of acme with `role`, and an OAuth access token of a grant of `scopes` for /api/mcp (stored as the token endpoint stores it). */
async function oauthMember(role: UserRole, scopes: ApiScope[]): Promise<{ userId: string; token: string }> {
  const prisma = getPrisma();
  const user = await createUser(prisma, { companyId: app.acme.id, email: `${role}-${randomBytes(4).toString("hex")}@example.com`, password: "correct horse battery staple", name: `${marker} ${role}`, role });
  const oauthClient = await prisma.oAuthClient.create({ data: { id: `hfc_${randomBytes(8).toString("hex")}`, kind: "dynamic", name: `${marker} assistant`, redirectUris: ["http://127.0.0.1:9/cb"] } });
  const grant = await prisma.oAuthGrant.create({ data: { companyId: app.acme.id, userId: user.id, clientId: oauthClient.id, scopes, resource: `${app.url}/api/mcp` } });
  const token = newOAuthSecret("hfo_at_");
  await prisma.oAuthToken.create({ data: { grantId: grant.id, kind: "access", tokenHash: hashOAuthSecret(token), expiresAt: new Date(Date.now() + 3600_000) } });
  return { userId: user.id, token };
}

/** A raw JSON-RPC tools/call, as a client that is not the SDK sends it. */
function rawCall(bearer: string, name: string, args: Record<string, unknown>) {
  return fetch(`${app.url}/api/mcp`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream", "mcp-protocol-version": "2025-11-25", authorization: `Bearer ${bearer}` },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name, arguments: args } }),
  });
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
const text = (result: CallToolResult) => (result.content as { text: string }[])[0]!.text;

async function newCandidate(email: string | null = `${randomBytes(4).toString("hex")}-${marker}@example.com`): Promise<number> {
  const created = await app.api.post("/candidates", { job_id: app.acme.jobId, name: `${marker} ${randomBytes(4).toString("hex")}`, ...(email ? { email } : {}) });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.data.id as number;
}

/** A member of acme free around the clock (UTC), so the link has slots whatever day the test runs. */
async function freeMember(name: string): Promise<string> {
  const user = await createUser(getPrisma(), { companyId: app.acme.id, email: `${name}-${randomBytes(4).toString("hex")}@example.com`, password: "correct horse battery staple", name: `${marker} ${name}`, role: "recruiter" });
  const res = await app.api.call("PUT", `/users/${user.id}/availability`, { time_zone: "UTC", working_hours: EVERY_DAY });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return user.id;
}

const window = () => {
  const from = new Date(Date.now() + 2 * 86_400_000);
  return { from: from.toISOString(), to: new Date(from.getTime() + 7 * 86_400_000).toISOString() };
};
const linkCount = (companyId = app.acme.id) => getPrisma().schedulingLink.count({ where: { companyId } });
const linkEmails = (candidateId: number) => getPrisma().emailMessage.count({ where: { companyId: app.acme.id, candidateId, kind: "scheduling_link" } });

let full: Client;
let other: TestCompany;
let pool: string[];
let otherCandidateId: number;

beforeAll(async () => {
  pool = [await freeMember("grace"), await freeMember("alan")];
  other = await createTestCompany({ title: `${marker} Theirs` });
  otherCandidateId = (await apiClient(app.url, other).post("/candidates", { job_id: other.jobId, name: `${marker} Theirs`, email: `theirs-${marker}@example.com` })).body.data.id;
  full = await connect(app.acme.apiKey);
});

afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
});

describe("send_scheduling_link", () => {
  it("is listed with its annotations: a write that adds (not destructive), not idempotent", async () => {
    const tool = (await full.listTools()).tools.find((t) => t.name === "send_scheduling_link");
    expect(tool?.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false });
    expect(Object.keys(tool!.inputSchema.properties ?? {}).sort()).toEqual(
      ["candidate_id", "duration_minutes", "from", "interviewer_ids", "min_notice_hours", "notify_candidate", "title", "to", "video_url"].sort(),
    );
    expect(tool!.inputSchema.required?.sort()).toEqual(["candidate_id", "duration_minutes", "interviewer_ids", "title"]);
  });

  it("creates a link for a candidate with a pool, as POST /scheduling_links does, and returns its url; the candidate gets it by e-mail and finds slots there", async () => {
    const candidateId = await newCandidate();
    const result = await call(full, "send_scheduling_link", {
      candidate_id: candidateId,
      title: "Technical interview",
      duration_minutes: 45,
      interviewer_ids: pool,
      ...window(),
      min_notice_hours: 0,
      video_url: "https://meet.example.com/abc-defg-hij",
    });
    const link = structured(result).data;
    expect(link).toMatchObject({
      candidate_id: candidateId,
      status: "open",
      title: "Technical interview",
      duration_minutes: 45,
      slot_interval_minutes: 30,
      min_notice_hours: 0,
      video_url: "https://meet.example.com/abc-defg-hij",
      notify_candidate: true,
      interview_id: null,
      reschedules_left: 3,
    });
    expect([...link.interviewer_ids].sort()).toEqual([...pool].sort());
    expect(link.url).toMatch(TOKEN_URL);
    expect(text(result)).toContain(link.url);
    expect(text(result)).toContain("E-mailed to the candidate");
    expect(link).toEqual((await app.api.get(`/scheduling_links/${link.id}`)).body.data);

    // As the REST API does it: the e-mail to the candidate and the audit entry naming the key.
    expect(await linkEmails(candidateId)).toBe(1);
    const audit = await getPrisma().auditLogEntry.findFirst({ where: { companyId: app.acme.id, action: "scheduling_link.created", targetId: String(link.id) } });
    expect(audit).toMatchObject({ actorType: "api_key", targetType: "scheduling_link" });

    // The url works: the candidate's public API answers with the pool's free slots.
    const token = TOKEN_URL.exec(link.url)![1]!;
    const slots = await fetch(`${app.url}/api/public/scheduling/${token}/slots?time_zone=Europe/Berlin`);
    expect(slots.status).toBe(200);
    const body = await slots.json();
    expect(body.data).toMatchObject({ time_zone: "Europe/Berlin", duration_minutes: 45 });
    expect(body.data.slots.length).toBeGreaterThan(0);
  });

  it("with notify_candidate false nothing is e-mailed; the answer says to share the url", async () => {
    const candidateId = await newCandidate();
    const result = await call(full, "send_scheduling_link", { candidate_id: candidateId, title: "Call", duration_minutes: 30, interviewer_ids: [pool[0]], notify_candidate: false });
    const link = structured(result).data;
    expect(link).toMatchObject({ candidate_id: candidateId, status: "open", notify_candidate: false, min_notice_hours: 24 });
    // The default window: the next 14 days.
    expect(new Date(link.to).getTime() - new Date(link.from).getTime()).toBe(14 * 86_400_000);
    expect(text(result)).toContain("Not e-mailed");
    expect(text(result)).toContain(link.url);
    expect(await linkEmails(candidateId)).toBe(0);
  });

  it("the procedure's rules hold, with nothing written: a stranger in the pool, no e-mail to notify, a bad window, another company's candidate", async () => {
    const count = await linkCount();
    const candidateId = await newCandidate();
    const stranger = errorText(await call(full, "send_scheduling_link", { candidate_id: candidateId, title: "Call", duration_minutes: 30, interviewer_ids: [pool[0], crypto.randomUUID()] }));
    expect(stranger).toContain('"code":"validation_error"');
    expect(stranger).toContain("interviewer_ids[1]");
    const silent = errorText(await call(full, "send_scheduling_link", { candidate_id: await newCandidate(null), title: "Call", duration_minutes: 30, interviewer_ids: pool }));
    expect(silent).toContain('"code":"validation_error"');
    expect(silent).toContain("notify_candidate");
    const { from } = window();
    const backwards = errorText(await call(full, "send_scheduling_link", { candidate_id: candidateId, title: "Call", duration_minutes: 30, interviewer_ids: pool, from, to: from }));
    expect(backwards).toContain('"code":"validation_error"');
    expect(errorText(await call(full, "send_scheduling_link", { candidate_id: candidateId, title: "Call", duration_minutes: 10, interviewer_ids: pool }))).toContain('"code":"validation_error"');
    expect(errorText(await call(full, "send_scheduling_link", { candidate_id: otherCandidateId, title: "Call", duration_minutes: 30, interviewer_ids: pool }))).toContain('"code":"not_found"');
    expect(await linkCount()).toBe(count);
    expect(await linkCount(other.id)).toBe(0);
    expect(await linkEmails(candidateId)).toBe(0);
  });
});

describe("scopes and roles", () => {
  it("an API key without interviews:write is not offered the tool, and a call anyway is refused naming the scope, with nothing written", async () => {
    const reader = await connect((await addApiKey(app.acme, ["candidates:read", "interviews:read"])).apiKey);
    expect((await reader.listTools()).tools.map((tool) => tool.name)).not.toContain("send_scheduling_link");
    const count = await linkCount();
    const candidateId = await newCandidate();
    expect(errorText(await call(reader, "send_scheduling_link", { candidate_id: candidateId, title: "Call", duration_minutes: 30, interviewer_ids: pool }))).toContain("needs the scope interviews:write");
    expect(await linkCount()).toBe(count);
    expect(await linkEmails(candidateId)).toBe(0);
  });

  it("an OAuth token without interviews:write gets the 403 insufficient_scope step-up challenge before anything runs", async () => {
    const { token } = await oauthMember("recruiter", ["candidates:read", "interviews:read"]);
    const count = await linkCount();
    const candidateId = await newCandidate();
    const res = await rawCall(token, "send_scheduling_link", { candidate_id: candidateId, title: "Call", duration_minutes: 30, interviewer_ids: pool });
    expect(res.status).toBe(403);
    expect(res.headers.get("www-authenticate")).toBe(
      `Bearer error="insufficient_scope", resource_metadata="${app.url}/.well-known/oauth-protected-resource/api/mcp", scope="interviews:write", error_description="Needs the scope interviews:write"`,
    );
    const body = await res.json();
    expect(body).toMatchObject({ jsonrpc: "2.0", id: null, error: { code: -32000, data: { code: "forbidden" } } });
    expect(body.error.message).toContain("The tool send_scheduling_link needs the scope interviews:write");
    expect(await linkCount()).toBe(count);
    expect(await linkEmails(candidateId)).toBe(0);
  });

  it("an OAuth member with interviews:write sends the link as themself; an interviewer's assistant may not", async () => {
    const { userId, token } = await oauthMember("recruiter", ["interviews:read", "interviews:write"]);
    const client = await connect(token);
    expect((await client.listTools()).tools.map((tool) => tool.name).sort()).toEqual(["list_interviews", "send_scheduling_link"]);
    const link = structured(await call(client, "send_scheduling_link", { candidate_id: await newCandidate(), title: "Call", duration_minutes: 30, interviewer_ids: pool, notify_candidate: false })).data;
    expect((await getPrisma().schedulingLink.findUniqueOrThrow({ where: { id: link.id }, select: { createdById: true } })).createdById).toBe(userId);
    const audit = await getPrisma().auditLogEntry.findFirst({ where: { companyId: app.acme.id, action: "scheduling_link.created", targetId: String(link.id) } });
    expect(audit).toMatchObject({ actorType: "user", actorUserId: userId });

    const interviewer = await connect((await oauthMember("interviewer", ["interviews:read", "interviews:write"])).token);
    const count = await linkCount();
    expect(errorText(await call(interviewer, "send_scheduling_link", { candidate_id: await newCandidate(), title: "Call", duration_minutes: 30, interviewer_ids: pool }))).toContain('"code":"forbidden"');
    expect(await linkCount()).toBe(count);
  });
});
