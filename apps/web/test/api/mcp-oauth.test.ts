import { randomBytes } from "node:crypto";
import { getPrisma } from "@hireflow/db";
import { type OAuthClientProvider } from "@modelcontextprotocol/sdk/client/auth.js";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { type CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { type OAuthClientInformationMixed, type OAuthTokens } from "@modelcontextprotocol/sdk/shared/auth.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useApiApp } from "../helpers/api-app.ts";
import { addMember, decide, type TestMember } from "../helpers/oauth.ts";

/**
 * /api/mcp signed in with OAuth, driven by the MCP SDK's own client auth (the transport's authProvider):
 * discovery from the 401's WWW-Authenticate, Dynamic Client Registration, PKCE, consent (the consent
 * form's post, as the member), the code exchange, then tools acting as the member; the token is bound to
 * /api/mcp, and revoking it ends the session at once.
 */
const app = useApiApp();
const REDIRECT = "http://127.0.0.1:8977/callback";
const marker = `McpOauth${randomBytes(4).toString("hex")}`;
const clients: Client[] = [];

/** An MCP client's OAuth state, in memory; `authorizationUrl` is where it would send the browser. */
class TestProvider implements OAuthClientProvider {
  client?: OAuthClientInformationMixed;
  saved?: OAuthTokens;
  verifier = "";
  authorizationUrl?: URL;
  get redirectUrl() {
    return REDIRECT;
  }
  get clientMetadata() {
    return { client_name: `${marker} assistant`, client_uri: "https://assistant.example", redirect_uris: [REDIRECT], grant_types: ["authorization_code", "refresh_token"], response_types: ["code"], token_endpoint_auth_method: "none" };
  }
  clientInformation() {
    return this.client;
  }
  saveClientInformation(info: OAuthClientInformationMixed) {
    this.client = info;
  }
  tokens() {
    return this.saved;
  }
  saveTokens(tokens: OAuthTokens) {
    this.saved = tokens;
  }
  redirectToAuthorization(url: URL) {
    this.authorizationUrl = url;
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  codeVerifier() {
    return this.verifier;
  }
}

const mcpUrl = () => new URL(`${app.url}/api/mcp`);

/** The whole sign-in as `member`, granting `scopes`: returns a connected client and its provider. */
async function signIn(member: TestMember, scopes: string[]): Promise<{ client: Client; provider: TestProvider }> {
  const provider = new TestProvider();
  const first = new StreamableHTTPClientTransport(mcpUrl(), { authProvider: provider });
  await expect(new Client({ name: "t", version: "1" }).connect(first)).rejects.toThrow(/Unauthorized/i);
  const authorization = provider.authorizationUrl!;
  expect(authorization.origin + authorization.pathname).toBe(`${app.url}/oauth/authorize`);
  expect(authorization.searchParams.get("code_challenge_method")).toBe("S256");
  expect(authorization.searchParams.get("resource")).toBe(`${app.url}/api/mcp`);
  const { back } = await decide(app.url, member, authorization.searchParams, scopes);
  expect(back?.searchParams.get("state")).toBe(authorization.searchParams.get("state"));
  await first.finishAuth(back!.searchParams.get("code")!);
  expect(provider.saved?.access_token).toMatch(/^hfo_at_/);
  const client = new Client({ name: "t", version: "1" });
  await client.connect(new StreamableHTTPClientTransport(mcpUrl(), { authProvider: provider }));
  clients.push(client);
  return { client, provider };
}

const structured = <T = any>(result: CallToolResult): T => {
  expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
  return result.structuredContent as T;
};

let recruiter: TestMember;
let candidateId: number;
beforeAll(async () => {
  recruiter = await addMember(app.acme.id, "recruiter");
  const created = await app.api.post("/candidates", { job_id: app.acme.jobId, name: `${marker} Ada`, email: `ada-${marker}@example.com` });
  candidateId = created.body.data.id;
});
afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
});

describe("MCP with OAuth", () => {
  it("a 401 without a credential names /api/mcp's protected resource metadata", async () => {
    const res = await fetch(mcpUrl(), { method: "POST", headers: { "content-type": "application/json", accept: "application/json, text/event-stream" }, body: "{}" });
    expect(res.status).toBe(401);
    expect(res.headers.get("www-authenticate")).toBe(`Bearer resource_metadata="${app.url}/.well-known/oauth-protected-resource/api/mcp"`);
  });

  it("the SDK's client signs in; tools act as the member with the granted scopes only", async () => {
    const { client } = await signIn(recruiter, ["candidates:read", "candidates:write"]);
    const names = (await client.listTools()).tools.map((tool) => tool.name).sort();
    expect(names).toEqual(["add_note", "create_candidate", "get_candidate", "move_candidate", "search_candidates"]);
    const note = structured(await client.callTool({ name: "add_note", arguments: { candidate_id: candidateId, note: `${marker} strong systems design` } }) as CallToolResult);
    expect(note.data).toMatchObject({ added_by: "user", performer_id: recruiter.userId });
    const moved = structured(await client.callTool({ name: "move_candidate", arguments: { candidate_id: candidateId, stage: "phonescreen" } }) as CallToolResult);
    expect(moved.moved).toBe(true);
    const activity = await getPrisma().candidateActivity.findFirst({ where: { candidateId, type: "stage_changed" }, orderBy: { id: "desc" } });
    expect(activity?.performerId).toBe(recruiter.userId);
    // A tool outside the grant: an error naming the scope, and nothing read.
    const refused = (await client.callTool({ name: "get_job", arguments: { id: app.acme.jobId } })) as CallToolResult;
    expect(refused.isError).toBe(true);
    expect(JSON.stringify(refused.content)).toContain("jobs:read");
  });

  it("the token is bound to /api/mcp (refused by /api/v1), and revoking it ends the MCP session at once", async () => {
    const { client, provider } = await signIn(recruiter, ["candidates:read"]);
    const token = provider.saved!.access_token;
    const v1 = await fetch(`${app.url}/api/v1/candidates/${candidateId}`, { headers: { authorization: `Bearer ${token}` } });
    expect(v1.status).toBe(401);
    expect(structured((await client.callTool({ name: "get_candidate", arguments: { id: candidateId } })) as CallToolResult).data.candidate.id).toBe(candidateId);
    const revoked = await fetch(`${app.url}/api/oauth/revoke`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ token, client_id: (provider.client as { client_id: string }).client_id }),
    });
    expect(revoked.status).toBe(200);
    const after = await fetch(mcpUrl(), {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    });
    expect(after.status).toBe(401);
  });
});
