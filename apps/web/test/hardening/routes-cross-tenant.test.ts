import { getPrisma } from "@hireflow/db";
import { describe, expect, it } from "vitest";
import { fixture, PDF } from "../helpers/resumes.ts";
import { expectEnvelope, expectOurAnswer } from "./support/routes-app.ts";
import { applyWithResume, randomIp } from "./support/routes-state.ts";
import { BASE64URL, useRoutesWorld } from "./support/routes-world.ts";

/**
 * Two companies side by side on the routes outside /api/v1 (support/routes-world.ts): an application
 * to B's job writes only into B, and a signed file token serves only its own file — no change of a
 * single character of A's token reaches any file. Exhaustive checks, not properties: the fuzzed
 * counterparts are routes-fuzz-applications.test.ts and routes-fuzz-files.test.ts.
 */
const world = useRoutesWorld();
const { state, send } = world;

describe("cross-tenant", () => {
  it("an application (JSON or with a resume) to company B's job lands in B, with B's blob, and never writes in A", async () => {
    const before = await state();
    const json = await send("POST", `/api/public/jobs/${world.jobs.other}/applications`, { "x-forwarded-for": randomIp() }, {
      body: { kind: "text", text: JSON.stringify({ name: "To B", email: "to-b@example.com" }) },
      contentType: "application/json",
    });
    expect(json.status, json.text).toBe(201);
    const withResume = await applyWithResume(world.url, world.other, world.jobs.other, { name: "To B too", email: "to-b-resume@example.com", resume: { bytes: fixture("priya-raman.pdf"), filename: "b.pdf", type: PDF } });
    expect(withResume).toMatchObject({ companyId: world.other.id, jobId: world.jobs.other });
    expect(withResume.resumeBlobKey).toMatch(new RegExp(`^resumes/${world.other.id}/`));
    const after = await state();
    expect(after.rows[world.acme.id]).toEqual(before.rows[world.acme.id]);
    expect(after.sessions).toEqual(before.sessions);
    expect(after.blobs).toBe(before.blobs + 1);
    const created = await getPrisma().candidate.findMany({ where: { email: { in: ["to-b@example.com", "to-b-resume@example.com"] } }, select: { companyId: true, jobId: true } });
    expect(created).toEqual([
      { companyId: world.other.id, jobId: world.jobs.other },
      { companyId: world.other.id, jobId: world.jobs.other },
    ]);
  });

  it("a signed file token serves exactly its own file; changing any single character of it is a 403 envelope", async () => {
    for (const of of ["acme", "other"] as const) {
      const res = await fetch(`${world.url}/api/files/${world.files[of].token}`);
      expect(res.status).toBe(200);
      expect(Buffer.from(await res.arrayBuffer()).equals(Buffer.from(world.files[of].bytes))).toBe(true);
    }
    const token = world.files.acme.token;
    const variants = new Set<string>();
    for (let i = 0; i < token.length; i++) {
      // Every position: another character of the alphabet, the character removed, one added.
      const replacement = BASE64URL[(BASE64URL.indexOf(token[i]!) + 1 + (i % 63)) % 64] ?? "A";
      variants.add(token.slice(0, i) + (replacement === token[i] ? "." : replacement) + token.slice(i + 1));
      variants.add(token.slice(0, i) + token.slice(i + 1));
      variants.add(token.slice(0, i) + "A" + token.slice(i));
    }
    const [payloadA, signatureA] = token.split(".");
    const [payloadB, signatureB] = world.files.other.token.split(".");
    variants.add(`${payloadA}.${signatureB}`);
    variants.add(`${payloadB}.${signatureA}`);
    variants.add(`${token}A`);
    variants.add(`${token}.`);
    variants.add(token.toUpperCase());
    variants.delete(token);
    const before = await state();
    for (const variant of variants) {
      const res = await send("GET", `/api/files/${encodeURIComponent(variant)}`, {});
      const context = `token ${variant} → ${res.status} ${res.text.slice(0, 200)}`;
      expectOurAnswer(res, context);
      expect(res.status, context).toBe(403);
      expect(expectEnvelope(res, context).code, context).toBe("forbidden");
    }
    expect(await state()).toEqual(before);
    expect(variants.size).toBeGreaterThan(3 * token.length - 10);
  });
});
