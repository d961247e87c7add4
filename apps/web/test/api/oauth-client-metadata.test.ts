import http from "node:http";
import { type AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useApiApp } from "../helpers/api-app.ts";
import { withAppEnv } from "../helpers/app.ts";
import { addMember, authorizationRequest, decide, type TestMember } from "../helpers/oauth.ts";

/**
 * Client ID Metadata Documents: the client_id is a URL the server fetches. Served here from a local
 * HTTP server, which only OAUTH_ALLOW_PRIVATE_METADATA_URLS lets through; without it a private
 * address is refused before any connection. Slow and huge documents are cut off either way.
 */
const app = useApiApp();
const REDIRECT = "http://127.0.0.1:8976/callback";
let docs: http.Server;
let docsUrl: string;
let member: TestMember;
let fetches = 0;

beforeAll(async () => {
  member = await addMember(app.acme.id, "admin");
  docs = http.createServer((req, res) => {
    fetches++;
    const self = `${docsUrl}${req.url}`;
    if (req.url === "/slow.json") return; // never answers
    if (req.url === "/huge.json") {
      res.writeHead(200, { "content-type": "application/json" });
      return res.end(JSON.stringify({ client_id: self, client_name: "x".repeat(100_000), redirect_uris: [REDIRECT] }));
    }
    if (req.url === "/other-id.json") {
      res.writeHead(200, { "content-type": "application/json" });
      return res.end(JSON.stringify({ client_id: "https://someone-else.example/client.json", client_name: "Impostor", redirect_uris: [REDIRECT] }));
    }
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify({ client_id: self, client_name: "Metadata Assistant", client_uri: "https://assistant.example", redirect_uris: [REDIRECT] }));
  });
  await new Promise<void>((resolve) => docs.listen(0, "127.0.0.1", resolve));
  docsUrl = `http://127.0.0.1:${(docs.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => docs.close(() => resolve())));

// The timeout bounds every fetch of a document, the answered ones too: the documents come from this test
// process, which a loaded machine can leave unscheduled for a while (the product's default, 3 s).
const allowLocal = { OAUTH_ALLOW_PRIVATE_METADATA_URLS: "1", OAUTH_METADATA_TIMEOUT_MS: "3000" };

describe("a client_id that is a metadata document URL", () => {
  it("is fetched, shown by its name, cached, and gets tokens like any client", async () => {
    await withAppEnv(allowLocal, app.url, async (url) => {
      const clientId = `${docsUrl}/client-${Date.now()}.json`;
      const request = await authorizationRequest(clientId, REDIRECT, { scope: "jobs:read" });
      const before = fetches;
      const { back } = await decide(url, member, request.params, ["jobs:read"]);
      expect(back?.searchParams.get("code")).toBeTruthy();
      const token = await fetch(`${url}/api/oauth/token`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ grant_type: "authorization_code", client_id: clientId, code: back!.searchParams.get("code")!, code_verifier: request.verifier, redirect_uri: REDIRECT }),
      });
      expect(token.status).toBe(200);
      // One fetch for the consent and the token request together: the document is kept.
      expect(fetches - before).toBe(1);
    });
  });

  it("must name itself as client_id", async () => {
    await withAppEnv(allowLocal, app.url, async (url) => {
      const request = await authorizationRequest(`${docsUrl}/other-id.json`, REDIRECT);
      const shown = await decide(url, member, request.params, ["jobs:read"]);
      expect([shown.status, shown.back]).toEqual([400, null]);
      expect(shown.html).toContain("its client_id must equal the URL");
    });
  });

  it("that answers slowly or hugely is refused within the limits", async () => {
    await withAppEnv(allowLocal, app.url, async (url) => {
      const slow = await decide(url, member, (await authorizationRequest(`${docsUrl}/slow.json`, REDIRECT)).params, ["jobs:read"]);
      expect([slow.status, slow.back]).toEqual([400, null]);
      expect(slow.html).toContain("took longer than 3000 ms");
      const huge = await decide(url, member, (await authorizationRequest(`${docsUrl}/huge.json`, REDIRECT)).params, ["jobs:read"]);
      expect(huge.status).toBe(400);
      expect(huge.html).toContain("larger than");
    });
  });

  it("pointing to a private address is refused without a request", async () => {
    const before = fetches;
    for (const clientId of [`https://127.0.0.1:${new URL(docsUrl).port}/client.json`, "https://169.254.169.254/latest/meta-data.json", "https://[::1]/client.json", `${docsUrl}/client.json`]) {
      const request = await authorizationRequest(clientId, REDIRECT);
      const shown = await decide(app.url, member, request.params, ["jobs:read"]);
      expect([clientId, shown.status, shown.back]).toEqual([clientId, 400, null]);
    }
    expect(fetches).toBe(before);
    // The token endpoint refuses such a client_id as well.
    const res = await fetch(`${app.url}/api/oauth/token`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: `grant_type=authorization_code&client_id=${encodeURIComponent("https://10.0.0.1/c.json")}` });
    expect([res.status, (await res.json()).error]).toEqual([401, "invalid_client"]);
  });
});
