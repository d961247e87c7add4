import { createHash, randomBytes } from "node:crypto";
import http from "node:http";
import { type AddressInfo } from "node:net";
import { API_SCOPES, MCP_SCOPES } from "@hireflow/core";
import { parseClientMetadata, registerClient } from "@hireflow/core/identity/oauth/clients";
import { getPrisma } from "@hireflow/db";
import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { proxy } from "@/proxy";
import { authorizeStep, returnTarget } from "@/server/oauth/authorize";

/**
 * GET /oauth/authorize decides before it asks anyone to sign in (issue 43 §22): the page's decision
 * (server/oauth/authorize.ts, which the page only renders) for a signed-out visitor — a bad client,
 * redirect URI or metadata document URL shown, a bad PKCE challenge or resource sent back to the app, a
 * good request on to sign-in — and the proxy letting signed-out visitors reach the page at all. The
 * MCP resource's scopes (§20) and the way back to a private-use scheme (§23) as the page shows them.
 */
const ORIGIN = "http://localhost:3000";
const REDIRECT = "http://127.0.0.1:8979/callback";
let clientId: string;
let fetches = 0;
let documents: http.Server;
let documentsPort: number;
const session = { user: "signed in" };

beforeAll(async () => {
  const registration = parseClientMetadata({ client_name: `Authorize ${randomBytes(3).toString("hex")}`, redirect_uris: [REDIRECT, "cursor://anysphere.cursor-mcp/oauth/callback"] });
  clientId = (await registerClient(getPrisma(), registration, { kind: "dynamic" })).client.id;
  documents = http.createServer((_req, res) => {
    fetches++;
    res.writeHead(500).end();
  });
  await new Promise<void>((resolve) => documents.listen(0, "127.0.0.1", resolve));
  documentsPort = (documents.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => documents.close(() => resolve())));

/** A well-formed request of the registered client; `changes` replaces parameters (undefined removes one). */
function query(changes: Record<string, string | undefined> = {}): URLSearchParams {
  const verifier = randomBytes(32).toString("base64url");
  const params: Record<string, string | undefined> = {
    response_type: "code",
    client_id: clientId,
    redirect_uri: REDIRECT,
    code_challenge: createHash("sha256").update(verifier).digest("base64url"),
    code_challenge_method: "S256",
    state: "st-1",
    resource: `${ORIGIN}/api/mcp`,
    ...changes,
  };
  return new URLSearchParams(Object.entries(params).filter((entry): entry is [string, string] => entry[1] !== undefined));
}

const signedOut = (params: URLSearchParams) => authorizeStep(getPrisma(), ORIGIN, params, null);

describe("a signed-out visitor (issue 43 §22)", () => {
  it("reaches the consent page: the proxy lets /oauth/authorize through without a session cookie", async () => {
    const response = await proxy(new NextRequest(`${ORIGIN}/oauth/authorize?${query().toString()}`));
    expect(response.status).toBe(200);
    expect(response.headers.get("location")).toBeNull();
    // Other pages still go to sign-in, and only that path is public.
    for (const path of ["/jobs", "/oauth/authorizex", "/oauth"]) {
      const other = await proxy(new NextRequest(`${ORIGIN}${path}`));
      expect([path, other.status]).toEqual([path, 307]);
      expect(other.headers.get("location")).toContain("/sign-in");
    }
  });

  it("sees an unknown client, an unregistered redirect URI or a repeated parameter at once, and is never sent to that URI", async () => {
    expect(await signedOut(query({ client_id: "hfc_nobody" }))).toEqual({ kind: "error", message: "Unknown client_id" });
    expect(await signedOut(query({ client_id: undefined }))).toEqual({ kind: "error", message: "Unknown client_id" });
    expect(await signedOut(query({ redirect_uri: "https://evil.example/callback" }))).toEqual({ kind: "error", message: "redirect_uri does not match any redirect URI registered for this client" });
    const twice = query();
    twice.append("client_id", clientId);
    expect(await signedOut(twice)).toEqual({ kind: "error", message: "client_id is given more than once" });
  });

  it("sees a client metadata document URL on a private address refused without a request to it", async () => {
    const before = fetches;
    for (const id of [`https://127.0.0.1:${documentsPort}/client.json`, `http://127.0.0.1:${documentsPort}/client.json`, "https://10.0.0.1/client.json", "https://169.254.169.254/latest/meta-data.json", "https://[::1]/client.json"]) {
      const step = await signedOut(query({ client_id: id }));
      expect(step.kind, id).toBe("error");
      if (step.kind === "error") expect(step.message, id).toMatch(/Unknown client_id|loopback, private, link-local or metadata address/);
    }
    expect(fetches).toBe(before);
  });

  it("is sent back to the app with the error and the state when the client and redirect URI are good", async () => {
    const cases: [Record<string, string | undefined>, string, RegExp][] = [
      [{ code_challenge_method: "plain" }, "invalid_request", /S256/],
      [{ code_challenge_method: undefined }, "invalid_request", /S256/],
      [{ code_challenge: undefined }, "invalid_request", /code_challenge is required/],
      [{ code_challenge: "too-short" }, "invalid_request", /43 characters/],
      [{ code_challenge: `${"a".repeat(42)}=` }, "invalid_request", /43 characters/],
      [{ response_type: "token" }, "unsupported_response_type", /code/],
      [{ resource: "https://other.example/api/mcp" }, "invalid_target", /resource must be/],
      [{ scope: "candidates:read everything" }, "invalid_scope", /everything/],
    ];
    for (const [changes, error, description] of cases) {
      const step = await signedOut(query(changes));
      expect(step.kind, JSON.stringify(changes)).toBe("redirect");
      if (step.kind !== "redirect") continue;
      const back = new URL(step.to);
      expect(back.origin + back.pathname).toBe(REDIRECT);
      expect(back.searchParams.get("error"), JSON.stringify(changes)).toBe(error);
      expect(back.searchParams.get("error_description")).toMatch(description);
      expect(back.searchParams.get("state")).toBe("st-1");
      expect(back.searchParams.get("code")).toBeNull();
    }
    // A private-use scheme's app gets its error the same way.
    const step = await signedOut(query({ redirect_uri: "cursor://anysphere.cursor-mcp/oauth/callback", code_challenge_method: "plain" }));
    expect(step).toEqual({ kind: "redirect", to: expect.stringMatching(/^cursor:\/\/anysphere\.cursor-mcp\/oauth\/callback\?error=invalid_request&/) });
  });

  it("signs in for a good request only, and comes back to the same request", async () => {
    const params = query({ scope: "candidates:read" });
    const step = await signedOut(params);
    expect(step.kind).toBe("sign-in");
    if (step.kind !== "sign-in") return;
    const next = new URL(step.to, ORIGIN);
    expect(next.pathname).toBe("/sign-in");
    expect(next.searchParams.get("next")).toBe(`/oauth/authorize?${params.toString()}`);
    expect(await authorizeStep(getPrisma(), ORIGIN, params, session)).toMatchObject({ kind: "consent", session, request: { client: { id: clientId }, scopes: ["candidates:read"] } });
  });
});

describe("the scopes the consent page shows and ticks (issue 43 §20)", () => {
  const consent = async (changes: Record<string, string | undefined>) => {
    const step = await authorizeStep(getPrisma(), ORIGIN, query(changes), session);
    if (step.kind !== "consent") throw new Error(`expected consent, got ${JSON.stringify(step)}`);
    return step.request;
  };

  it("the MCP server: asked for no scope, only the tools' scopes, all ticked", async () => {
    const request = await consent({});
    expect(request).toMatchObject({ api: "api/mcp", resource: `${ORIGIN}/api/mcp` });
    expect(request.scopes).toEqual([...MCP_SCOPES]);
    expect(request.suggested).toEqual([...MCP_SCOPES]);
    expect(MCP_SCOPES).not.toContain("webhooks:write");
    expect(MCP_SCOPES).not.toContain("jobs:write");
  });

  it("the MCP server asked for every scope: all shown, only the tools' ticked", async () => {
    const request = await consent({ scope: API_SCOPES.join(" ") });
    expect(request.scopes).toEqual([...API_SCOPES]);
    expect(request.suggested).toEqual([...MCP_SCOPES]);
  });

  it("the REST API and the whole server: every scope, as before", async () => {
    for (const resource of [`${ORIGIN}/api/v1`, ORIGIN, undefined]) {
      const request = await consent({ resource });
      expect(request.scopes, resource).toEqual([...API_SCOPES]);
      expect(request.suggested, resource).toEqual([...API_SCOPES]);
    }
  });
});

describe("where the member is sent back to, as the page names it (issue 43 §23)", () => {
  it("an http(s) URI by its host, an app's own scheme by scheme and host", () => {
    expect(returnTarget("https://assistant.example/callback")).toBe("assistant.example");
    expect(returnTarget("http://127.0.0.1:8765/callback")).toBe("127.0.0.1:8765");
    expect(returnTarget("cursor://anysphere.cursor-mcp/oauth/callback")).toBe("cursor://anysphere.cursor-mcp");
    expect(returnTarget("com.example.app:/oauth2redirect")).toBe("com.example.app:");
  });
});
