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
 * The offer tools of /api/mcp (issue 41 §4) with the MCP SDK's own Client on a real socket: draft_offer
 * drafts and does nothing more, list_offers and get_offer show what GET /offers shows (salaries and
 * notes included), scopes refuse before anything is written, an OAuth member's role applies (an
 * interviewer finds no offers, a recruiter only their jobs'), and another company's offers are not found.
 */
const app = useApiApp();
const marker = `McpOffer${randomBytes(4).toString("hex")}`;
const clients: Client[] = [];
const terms = { start_date: "2027-03-01", salary: { amount: 85000, currency: "EUR", period: "year" } };

async function connect(bearer: string): Promise<Client> {
  const client = new Client({ name: "hireflow-test", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${app.url}/api/mcp`), { requestInit: { headers: { authorization: `Bearer ${bearer}` } } }));
  clients.push(client);
  return client;
}

/** A member of acme with `role`, and an MCP client acting as them through an OAuth grant of `scopes` (stored as the token endpoint stores it). */
async function connectAs(role: UserRole, scopes: ApiScope[]): Promise<{ userId: string; client: Client }> {
  const prisma = getPrisma();
  const user = await createUser(prisma, { companyId: app.acme.id, email: `${role}-${randomBytes(4).toString("hex")}@example.com`, password: "correct horse battery staple", name: `${marker} ${role}`, role });
  const oauthClient = await prisma.oAuthClient.create({ data: { id: `hfc_${randomBytes(8).toString("hex")}`, kind: "dynamic", name: `${marker} assistant`, redirectUris: ["http://127.0.0.1:9/cb"] } });
  const grant = await prisma.oAuthGrant.create({ data: { companyId: app.acme.id, userId: user.id, clientId: oauthClient.id, scopes, resource: `${app.url}/api/mcp` } });
  const token = newOAuthSecret("hfo_at_");
  await prisma.oAuthToken.create({ data: { grantId: grant.id, kind: "access", tokenHash: hashOAuthSecret(token), expiresAt: new Date(Date.now() + 3600_000) } });
  return { userId: user.id, client: await connect(token) };
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

async function newCandidate(jobId = app.acme.jobId): Promise<number> {
  const tag = randomBytes(4).toString("hex");
  const created = await app.api.post("/candidates", { job_id: jobId, name: `${marker} ${tag}`, email: `${tag}-${marker}@example.com` });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.data.id as number;
}

const offerCount = (companyId = app.acme.id) => getPrisma().offer.count({ where: { companyId } });

let full: Client;
let other: TestCompany;
let candidateId: number;
let approverId: string;
let otherCandidateId: number;
let otherOfferId: number;
/** The offer draft_offer made in the first test; the reads read it. */
let draftedId: number;

beforeAll(async () => {
  candidateId = await newCandidate();
  // The company's default chain: a draft takes it, and it stays a draft.
  approverId = (await createUser(getPrisma(), { companyId: app.acme.id, email: `approver-${marker}@example.com`, password: "correct horse battery staple", name: `${marker} Approver`, role: "admin" })).id;
  await getPrisma().company.update({ where: { id: app.acme.id }, data: { offerApprovalSteps: [{ approver_ids: [approverId], required: 1 }] } });
  other = await createTestCompany({ title: `${marker} Theirs` });
  const theirs = apiClient(app.url, other);
  otherCandidateId = (await theirs.post("/candidates", { job_id: other.jobId, name: `${marker} Theirs`, email: `theirs-${marker}@example.com` })).body.data.id;
  const theirOffer = await theirs.post("/offers", { candidate_id: otherCandidateId, ...terms, notes: "Theirs" });
  expect(theirOffer.status, JSON.stringify(theirOffer.body)).toBe(201);
  otherOfferId = theirOffer.body.data.id;
  full = await connect(app.acme.apiKey);
});

afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
});

describe("draft_offer, list_offers, get_offer", () => {
  it("draft_offer drafts (status draft, version 1) under the company's default chain, and nothing else", async () => {
    const events = () => getPrisma().event.findMany({ where: { companyId: app.acme.id, type: { startsWith: "offer." } }, select: { type: true, payload: true } });
    const emails = () => getPrisma().emailMessage.count({ where: { companyId: app.acme.id } });
    const [eventsBefore, emailsBefore] = [(await events()).length, await emails()];

    const result = await call(full, "draft_offer", { candidate_id: candidateId, ...terms, bonus: { amount: 5000, currency: "EUR" }, notes: "Flexible on the start date" });
    const offer = structured(result).data;
    draftedId = offer.id;
    expect(offer).toMatchObject({
      candidate_id: candidateId,
      job_id: app.acme.jobId,
      status: "draft",
      version: 1,
      job_title: "Software Engineer",
      salary: terms.salary,
      bonus: { amount: 5000, currency: "EUR" },
      notes: "Flexible on the start date",
      approval_steps: [{ approver_ids: [approverId], required: 1 }],
      current_step: null,
      sent_at: null,
      letter_url: null,
      approvals: [],
    });
    expect(offer.versions).toMatchObject([{ number: 1, status: "current", salary: terms.salary }]);
    expect(text(result)).toContain("85000 EUR/year");
    // Only offer.created: no approval requested, nothing sent, no e-mail.
    const after = await events();
    expect(after).toHaveLength(eventsBefore + 1);
    expect(after.filter((event) => (event.payload as { offer?: { id?: number } }).offer?.id === draftedId).map((event) => event.type)).toEqual(["offer.created"]);
    expect(await emails()).toBe(emailsBefore);
    expect(await getPrisma().offerApproval.count({ where: { offerId: draftedId } })).toBe(0);

    // No chain of its own: approval_steps is not an argument of the tool.
    const count = await offerCount();
    const own = errorText(await call(full, "draft_offer", { candidate_id: await newCandidate(), ...terms, approval_steps: [] }));
    expect(own).toContain('"code":"validation_error"');
    expect(own).toContain("approval_steps");
    // The procedure's rules still apply: one open offer per candidate.
    expect(errorText(await call(full, "draft_offer", { candidate_id: candidateId, ...terms }))).toContain('"code":"conflict"');
    expect(await offerCount()).toBe(count);
  });

  it("list_offers and get_offer show the draft as GET /offers does, salary and notes included", async () => {
    const listed = structured(await call(full, "list_offers", { candidate_id: candidateId }));
    expect(listed.data).toEqual((await app.api.get(`/offers?candidate_id=${candidateId}`)).body.data);
    expect(listed.data).toHaveLength(1);
    expect(listed.data[0]).toMatchObject({ id: draftedId, status: "draft", salary: terms.salary, notes: "Flexible on the start date" });
    expect(listed.pagination).toEqual({ has_more: false, next_cursor: null });
    const ids = async (args: Record<string, unknown>) => structured(await call(full, "list_offers", args)).data.map((offer: { id: number }) => offer.id);
    expect(await ids({ job_id: app.acme.jobId, status: "draft" })).toContain(draftedId);
    expect(await ids({ candidate_id: candidateId, status: "sent" })).toEqual([]);
    const paged = structured(await call(full, "list_offers", { limit: 1 }));
    expect(paged.data).toHaveLength(1);

    const result = await call(full, "get_offer", { id: draftedId });
    const offer = structured(result).data;
    expect(offer).toEqual((await app.api.get(`/offers/${draftedId}`)).body.data);
    expect(offer).toMatchObject({ id: draftedId, version: 1, salary: terms.salary, versions: [{ number: 1, status: "current" }], approvals: [] });
    expect(text(result)).toContain(`#${draftedId} draft v1`);
    expect(errorText(await call(full, "get_offer", { id: 2_000_000_000 }))).toContain('"code":"not_found"');
  });
});

describe("scopes and roles", () => {
  it("lists the offer tools per scope; one outside the key's scopes is refused naming the scope, and writes nothing", async () => {
    const reader = await connect((await addApiKey(app.acme, ["offers:read"])).apiKey);
    expect((await reader.listTools()).tools.map((tool) => tool.name).sort()).toEqual(["get_offer", "list_offers"]);
    const count = await offerCount();
    expect(errorText(await call(reader, "draft_offer", { candidate_id: await newCandidate(), ...terms }))).toContain("needs the scope offers:write");
    expect(await offerCount()).toBe(count);

    const candidates = await connect((await addApiKey(app.acme, ["candidates:read", "candidates:write"])).apiKey);
    expect((await candidates.listTools()).tools.map((tool) => tool.name)).not.toContain("list_offers");
    expect(errorText(await call(candidates, "list_offers", {}))).toContain("needs the scope offers:read");
    expect(errorText(await call(candidates, "get_offer", { id: draftedId }))).toContain("needs the scope offers:read");
  });

  it("an interviewer's assistant finds no offers, even with both offer scopes granted, and drafts none", async () => {
    const { client } = await connectAs("interviewer", ["candidates:read", "offers:read", "offers:write"]);
    const count = await offerCount();
    // Offers do not exist for an interviewer (meta.interviewer "hidden"): not found, as GET /offers answers them.
    expect(errorText(await call(client, "list_offers", {}))).toContain('"code":"not_found"');
    expect(errorText(await call(client, "list_offers", { candidate_id: candidateId }))).toContain('"code":"not_found"');
    const got = errorText(await call(client, "get_offer", { id: draftedId }));
    expect(got).toContain('"code":"not_found"');
    expect(got).not.toContain("85000");
    expect(errorText(await call(client, "draft_offer", { candidate_id: await newCandidate(), ...terms }))).toContain('"code":"not_found"');
    expect(await offerCount()).toBe(count);
  });

  it("a recruiter's assistant sees and drafts the offers of the jobs whose hiring team the recruiter leads, as the recruiter", async () => {
    const { userId, client } = await connectAs("recruiter", ["offers:read", "offers:write"]);
    // Not a lead of acme's job: its offers are not theirs to see, nor to draft.
    expect(structured(await call(client, "list_offers", { candidate_id: candidateId })).data).toEqual([]);
    expect(errorText(await call(client, "get_offer", { id: draftedId }))).toContain('"code":"not_found"');
    const count = await offerCount();
    expect(errorText(await call(client, "draft_offer", { candidate_id: await newCandidate(), ...terms }))).toContain('"code":"forbidden"');
    expect(await offerCount()).toBe(count);

    const job = await app.api.post("/jobs", { title: `${marker} Led`, hiring_team_lead_ids: [userId] });
    expect(job.status, JSON.stringify(job.body)).toBe(201);
    const led = await newCandidate(job.body.data.id);
    const drafted = structured(await call(client, "draft_offer", { candidate_id: led, ...terms, job_title: "Staff Engineer" })).data;
    expect(drafted).toMatchObject({ candidate_id: led, job_id: job.body.data.id, status: "draft", version: 1, job_title: "Staff Engineer" });
    expect((await getPrisma().offer.findUniqueOrThrow({ where: { id: drafted.id }, select: { createdById: true } })).createdById).toBe(userId);
    expect(structured(await call(client, "list_offers", {})).data.map((offer: { id: number }) => offer.id)).toEqual([drafted.id]);
    expect(structured(await call(client, "get_offer", { id: drafted.id })).data.salary).toEqual(terms.salary);
  });

  it("never reaches another company's offers", async () => {
    const theirs = async () => (await apiClient(app.url, other).get(`/offers/${otherOfferId}`)).body.data;
    const before = await theirs();
    expect(errorText(await call(full, "get_offer", { id: otherOfferId }))).toContain('"code":"not_found"');
    expect(structured(await call(full, "list_offers", { candidate_id: otherCandidateId })).data).toEqual([]);
    expect(structured(await call(full, "list_offers", { job_id: other.jobId })).data).toEqual([]);
    expect(errorText(await call(full, "draft_offer", { candidate_id: otherCandidateId, ...terms }))).toContain('"code":"not_found"');
    expect(await theirs()).toEqual(before);
    expect(await offerCount(other.id)).toBe(1);
  });
});
