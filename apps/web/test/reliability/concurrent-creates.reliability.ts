import { randomBytes } from "node:crypto";
import { getPrisma } from "@hireflow/db";
import { describe, expect, it } from "vitest";
import { createTestCompany, type TestCompany } from "../helpers/fixtures.ts";
import { sendOnce } from "./support/load.ts";
import { useAppOnOwnPostgres } from "./support/app-on-postgres.ts";

/** 200 creates at once, three ways: every 201 is exactly one row and nothing else is written. */
const N = 200;
const world = useAppOnOwnPostgres();

async function burst(company: TestCompany, body: (i: number) => Record<string, unknown>, headers: (i: number) => Record<string, string> = () => ({})) {
  const results = await Promise.all(
    Array.from({ length: N }, async (_, i) => {
      const { attempt, body: answer } = await sendOnce(`${world.url}/api/v1/candidates`, {
        method: "POST",
        headers: { ...company.headers, ...headers(i) },
        body: JSON.stringify(body(i)),
      });
      return { ...attempt, id: (answer as { data?: { id?: number } } | null)?.data?.id };
    }),
  );
  const rows = await getPrisma().candidate.findMany({ where: { companyId: company.id }, select: { id: true } });
  const byStatus: Record<number, number> = {};
  for (const r of results) byStatus[r.status] = (byStatus[r.status] ?? 0) + 1;
  return { results, rows, byStatus, created: results.filter((r) => r.status === 201) };
}

describe(`${N} concurrent creates`, () => {
  it("distinct candidates: every 201 is a row, no extra rows, no 5xx", async () => {
    const company = await createTestCompany();
    const tag = randomBytes(3).toString("hex");
    const { rows, byStatus, created } = await burst(company, (i) => ({ job_id: company.jobId, name: `Burst ${i}`, email: `burst-${tag}-${i}@example.com` }));
    console.info(`[reliability] concurrent-distinct ${JSON.stringify({ requests: N, byStatus, rows: rows.length })}`);
    expect(byStatus).toEqual({ 201: N });
    expect(rows.map((r) => r.id).sort()).toEqual(created.map((r) => r.id).sort());
  });

  it("the same e-mail in one job: exactly one 201 and one row, the rest 409", async () => {
    const company = await createTestCompany();
    const { rows, byStatus, created } = await burst(company, (i) => ({ job_id: company.jobId, name: `Same ${i}`, email: "same@example.com" }));
    console.info(`[reliability] concurrent-same-email ${JSON.stringify({ requests: N, byStatus, rows: rows.length })}`);
    expect(byStatus).toEqual({ 201: 1, 409: N - 1 });
    expect(rows.map((r) => r.id)).toEqual([created[0]!.id]);
  });

  it("the same Idempotency-Key: one row; every answer is that 201 (replayed) or a 409 while it runs", async () => {
    const company = await createTestCompany();
    const { results, rows, byStatus, created } = await burst(company, () => ({ job_id: company.jobId, name: "Once" }), () => ({ "idempotency-key": "burst-key" }));
    console.info(`[reliability] concurrent-same-key ${JSON.stringify({ requests: N, byStatus, rows: rows.length })}`);
    expect(rows).toHaveLength(1);
    expect(results.every((r) => r.status === 201 || r.status === 409)).toBe(true);
    expect(new Set(created.map((r) => r.id))).toEqual(new Set([rows[0]!.id]));
    expect(world.logLines.filter((l) => l.includes('"level":"error"'))).toEqual([]);
  });
});
