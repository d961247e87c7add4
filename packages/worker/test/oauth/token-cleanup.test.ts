import { createHash, randomBytes } from "node:crypto";
import { createCompany, createUser } from "@hireflow/core";
import { getPrisma } from "@hireflow/db";
import { useIsolatedDatabase } from "@hireflow/db/testing/isolated";
import { describe, expect, it } from "vitest";
import { pruneOAuthTokens } from "../../src/oauth/token-cleanup.ts";

// Table-wide deletes: a database of this file's own.
useIsolatedDatabase();

const HOUR = 60 * 60 * 1000;
const at = (hours: number) => new Date(Date.now() + hours * HOUR);

async function setup() {
  const prisma = getPrisma();
  const tag = randomBytes(4).toString("hex");
  const company = await createCompany(prisma, { name: `OAuth cleanup ${tag}` });
  const user = await createUser(prisma, { companyId: company.id, email: `cleanup-${tag}@example.com`, password: "correct horse battery staple", role: "recruiter" });
  const client = await prisma.oAuthClient.create({ data: { id: `hfc_${tag}`, kind: "dynamic", name: "Cleanup app", redirectUris: ["https://app.example/cb"] } });
  const grant = (revokedAt: Date | null = null) =>
    prisma.oAuthGrant.create({ data: { companyId: company.id, userId: user.id, clientId: client.id, scopes: ["jobs:read"], resource: "https://hireflow.example", revokedAt } });
  const hash = () => createHash("sha256").update(randomBytes(32)).digest("hex");
  const token = (grantId: number, kind: "access" | "refresh", expiresAt: Date, extra: { usedAt?: Date; revokedAt?: Date } = {}) =>
    prisma.oAuthToken.create({ data: { grantId, kind, tokenHash: hash(), expiresAt, ...extra } });
  const code = (grantId: number, expiresAt: Date, usedAt: Date | null = null) =>
    prisma.oAuthAuthorizationCode.create({ data: { grantId, codeHash: hash(), redirectUri: "https://app.example/cb", codeChallenge: "x".repeat(43), expiresAt, usedAt } });
  return { prisma, grant, token, code };
}

describe("OAuth token cleanup", () => {
  it("deletes tokens and codes dead for longer than the grace period; keeps live ones, spent refresh tokens until they expire, and the grants", async () => {
    const { prisma, grant, token, code } = await setup();
    const live = await grant();
    const revokedLongAgo = await grant(at(-30));
    const revokedJustNow = await grant(at(-1));

    const gone = await Promise.all([
      token(live.id, "access", at(-25)), // expired a day and an hour ago
      token(live.id, "refresh", at(-48), { usedAt: at(-600) }), // spent and expired
      token(live.id, "access", at(0.5), { revokedAt: at(-25) }), // revoked (RFC 7009) over a day ago
      token(revokedLongAgo.id, "access", at(0.5)), // its grant was revoked over a day ago
      token(revokedLongAgo.id, "refresh", at(700)),
    ]);
    const kept = await Promise.all([
      token(live.id, "access", at(0.5)), // live
      token(live.id, "access", at(-2)), // expired, but within the grace period
      token(live.id, "refresh", at(700), { usedAt: at(-2) }), // spent: kept for reuse detection until it expires
      token(live.id, "access", at(0.5), { revokedAt: at(-1) }), // revoked an hour ago
      token(revokedJustNow.id, "refresh", at(700)), // its grant was revoked an hour ago
    ]);
    const codesGone = await Promise.all([code(live.id, at(-25), at(-25.01)), code(live.id, at(-30)), code(revokedLongAgo.id, at(0.01))]);
    const codesKept = await Promise.all([code(live.id, at(0.01)), code(live.id, at(-2), at(-2.01))]);

    // Batches of 2: the loop goes on until a batch comes back short.
    expect(await pruneOAuthTokens(prisma, { graceHours: 24, batchSize: 2 })).toEqual({ tokens: gone.length, codes: codesGone.length });
    expect((await prisma.oAuthToken.findMany({ select: { id: true } })).map((t) => t.id).sort()).toEqual(kept.map((t) => t.id).sort());
    expect((await prisma.oAuthAuthorizationCode.findMany({ select: { id: true } })).map((c) => c.id).sort()).toEqual(codesKept.map((c) => c.id).sort());
    expect(await prisma.oAuthGrant.count()).toBe(3);
    expect(await pruneOAuthTokens(prisma, { graceHours: 24 })).toEqual({ tokens: 0, codes: 0 });

    // No grace: everything dead goes, the live access token and the unexpired spent refresh token stay.
    expect(await pruneOAuthTokens(prisma, { graceHours: 0 })).toEqual({ tokens: 3, codes: 1 });
    expect((await prisma.oAuthToken.findMany({ select: { id: true } })).map((t) => t.id).sort()).toEqual([kept[0]!.id, kept[2]!.id].sort());
  });
});
