import { randomBytes } from "node:crypto";
import { appRouter, createCallerFactory, createUser, type UserRole } from "@hireflow/core";
import { getPrisma } from "@hireflow/db";
import { beforeAll, describe, expect, it } from "vitest";
import { useApiApp } from "../helpers/api-app.ts";
import { apiClient } from "../helpers/client.ts";
import { createTestCompany } from "../helpers/fixtures.ts";
import { addMember, authorizationRequest, decide, type TestMember } from "../helpers/oauth.ts";

/**
 * Settings → Connected apps: a member lists and revokes their own grants, an admin every grant of the
 * company, nobody another company's; revoking ends the app's tokens on the very next request.
 */
const app = useApiApp();
const REDIRECT = "https://partner.example/callback";
let clientId: string;

const callerAs = (companyId: number, userId: string, role: UserRole) => createCallerFactory(appRouter)({ prisma: getPrisma(), requestId: "test", principal: { kind: "user", companyId, userId, role } });

beforeAll(async () => {
  const owner = await createUser(getPrisma(), { companyId: app.acme.id, email: `o-${randomBytes(4).toString("hex")}@example.com`, password: "correct horse battery staple", role: "owner" });
  const created = await callerAs(app.acme.id, owner.id, "owner").connectedApps.createPartnerApp({ name: "Partner", redirect_uris: [REDIRECT], confidential: false });
  clientId = created.data.app.client_id;
});

async function connect(member: TestMember): Promise<string> {
  const request = await authorizationRequest(clientId, REDIRECT, { scope: "jobs:read" });
  const { back } = await decide(app.url, member, request.params, ["jobs:read"]);
  const res = await fetch(`${app.url}/api/oauth/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ grant_type: "authorization_code", client_id: clientId, code: back!.searchParams.get("code")!, code_verifier: request.verifier, redirect_uri: REDIRECT }),
  });
  return ((await res.json()) as { access_token: string }).access_token;
}

describe("connected apps", () => {
  it("a recruiter sees and revokes only their own; an admin any of the company; the token stops at once", async () => {
    const alice = await addMember(app.acme.id, "recruiter");
    const bob = await addMember(app.acme.id, "recruiter");
    const admin = await addMember(app.acme.id, "admin");
    const [aliceToken, bobToken] = [await connect(alice), await connect(bob)];
    const asAlice = callerAs(app.acme.id, alice.userId, "recruiter");
    const own = (await asAlice.connectedApps.list()).data;
    expect(own.map((grant) => grant.member.id)).toEqual([alice.userId]);
    const bobsGrant = (await callerAs(app.acme.id, admin.userId, "admin").connectedApps.list()).data.find((grant) => grant.member.id === bob.userId)!;
    await expect(asAlice.connectedApps.revoke({ id: bobsGrant.id })).rejects.toThrow("Connected app");

    expect((await apiClient(app.url, { apiKey: aliceToken }).get("/jobs")).status).toBe(200);
    await asAlice.connectedApps.revoke({ id: own[0]!.id });
    expect((await apiClient(app.url, { apiKey: aliceToken }).get("/jobs")).status).toBe(401);

    expect((await apiClient(app.url, { apiKey: bobToken }).get("/jobs")).status).toBe(200);
    await callerAs(app.acme.id, admin.userId, "admin").connectedApps.revoke({ id: bobsGrant.id });
    expect((await apiClient(app.url, { apiKey: bobToken }).get("/jobs")).status).toBe(401);
  });

  it("another company's admin sees none of them and cannot revoke them; its members are not offered the partner app", async () => {
    const member = await addMember(app.acme.id, "recruiter");
    await connect(member);
    const grant = (await callerAs(app.acme.id, member.userId, "recruiter").connectedApps.list()).data[0]!;
    const other = await createTestCompany();
    const otherAdmin = await addMember(other.id, "admin");
    const asOther = callerAs(other.id, otherAdmin.userId, "admin");
    expect((await asOther.connectedApps.list()).data).toEqual([]);
    expect((await asOther.connectedApps.partnerApps()).data).toEqual([]);
    await expect(asOther.connectedApps.revoke({ id: grant.id })).rejects.toThrow("Connected app");
    const request = await authorizationRequest(clientId, REDIRECT, { scope: "jobs:read" });
    const refused = await decide(app.url, otherAdmin, request.params, ["jobs:read"]);
    expect([refused.status, refused.back]).toEqual([403, null]);
  });
});
