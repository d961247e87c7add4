import { randomBytes } from "node:crypto";
import { getPrisma } from "@hireflow/db";
import { beforeAll, describe, expect, it } from "vitest";
import { createTestCompany, type TestCompany } from "../helpers/fixtures.ts";
import { type Attempt, type CreateOutcome, createWithRetries, sendOnce } from "./support/load.ts";
import { useAppOnOwnPostgres } from "./support/app-on-postgres.ts";

/**
 * The database crashes (immediate shutdown) under a steady load of creates and reads and comes
 * back two seconds later. Promised: failed requests answer 500/503 with the envelope, the service
 * recovers by itself, every accepted write survives, nothing is half-written, and clients that
 * retry with their Idempotency-Key end up with exactly one row per create.
 */
const WORKERS = 12;
const CRASH_AFTER_MS = 2_000;
const DOWN_FOR_MS = 2_000;
const LOAD_FOR_MS = 8_000;

// Keys orphaned by the crash are taken over after this lease (60 s in production).
const world = useAppOnOwnPostgres({ IDEMPOTENCY_LEASE_MS: "3000" });
let acme: TestCompany;

beforeAll(async () => {
  acme = await createTestCompany();
});

describe("database crash mid-load", () => {
  it("answers with envelopes while down, recovers by itself, loses nothing and half-writes nothing", async () => {
    const started = Date.now();
    const stopAt = started + LOAD_FOR_MS;
    const creates: CreateOutcome[] = [];
    const reads: Attempt[] = [];
    let crashedAt = 0;
    let restartedAt = 0;

    const fault = (async () => {
      await new Promise((resolve) => setTimeout(resolve, CRASH_AFTER_MS));
      crashedAt = Date.now();
      await world.pg.crash();
      await new Promise((resolve) => setTimeout(resolve, DOWN_FOR_MS));
      await world.pg.start();
      restartedAt = Date.now();
    })();

    const worker = async (w: number) => {
      for (let i = 0; Date.now() < stopAt; i++) {
        const tag = `${w}-${i}-${randomBytes(3).toString("hex")}`;
        // Clients keep retrying a create for up to 20 s after the load stops.
        creates.push(await createWithRetries(world.url, acme.apiKey, { job_id: acme.jobId, name: `Load ${tag}`, email: `load-${tag}@example.com` }, `load-${tag}`, stopAt + 20_000));
        const known = creates.filter((c) => c.final?.status === 201);
        const target = known[Math.floor(Math.random() * known.length)];
        if (target) reads.push((await sendOnce(`${world.url}/api/v1/candidates/${target.final!.id}`, { headers: { authorization: `Bearer ${acme.apiKey}` } })).attempt);
      }
    };
    await Promise.all([fault, ...Array.from({ length: WORKERS }, (_, w) => worker(w))]);

    const attempts = [...creates.flatMap((c) => c.attempts), ...reads];
    const failures = attempts.filter((a) => a.status === 0 || a.status >= 500);
    const answered5xx = failures.filter((a) => a.status >= 500);
    const firstSuccessAfterRestart = Math.min(...attempts.filter((a) => a.at >= restartedAt && a.status > 0 && a.status < 500).map((a) => a.at));
    const accepted = creates.filter((c) => c.final?.status === 201);
    // The create committed but its answer was lost with the database: the retry (after the
    // idempotency lease) meets the duplicate rule, whose 409 names the row. Still exactly one row.
    const resolvedBy409 = creates.filter((c) => c.final?.status === 409 && /already exists for this job/.test(JSON.stringify(c.final.body)));
    const unresolved = creates.filter((c) => !accepted.includes(c) && !resolvedBy409.includes(c));
    const prisma = getPrisma();
    const rows = await prisma.candidate.findMany({ where: { companyId: acme.id }, select: { id: true, email: true } });
    const createdActivities = await prisma.candidateActivity.groupBy({ by: ["candidateId"], where: { companyId: acme.id, type: "created" }, _count: true });
    const rowsFor = (c: CreateOutcome) => rows.filter((r) => r.email === c.email);

    const figures = {
      requests: attempts.length,
      creates: creates.length,
      accepted201: accepted.length,
      resolvedBy409: resolvedBy409.length,
      faultsInjected: 1,
      downMs: restartedAt - crashedAt,
      failedAttempts: failures.length,
      byStatus: Object.fromEntries([...new Set(failures.map((a) => a.status))].map((s) => [s, failures.filter((a) => a.status === s).length])),
      recoveryMs: firstSuccessAfterRestart - restartedAt,
      rowsLost: creates.filter((c) => rowsFor(c).length === 0).length,
      duplicateRows: creates.filter((c) => rowsFor(c).length > 1).length,
      rowsWithout201: rows.length - accepted.length,
      halfWritten: rows.filter((r) => createdActivities.find((a) => a.candidateId === r.id)?._count !== 1).length,
      unresolvedCreates: unresolved.length,
    };
    console.info(`[reliability] db-crash ${JSON.stringify(figures)}`);

    // The fault was felt…
    expect(failures.length).toBeGreaterThan(0);
    // …every answered failure was a 500/503 envelope with a request id (status 0 = no server to answer)…
    for (const a of answered5xx) {
      expect([500, 503]).toContain(a.status);
      expect(a.envelope).toBe(true);
      expect(a.requestId).toMatch(/^req_/);
    }
    // …the service came back by itself within a few seconds of the database…
    expect(figures.recoveryMs).toBeLessThan(10_000);
    // …and the data is whole: each create is exactly one row (every 201's id, the 409's named one),
    // no row is left without its activity, nothing else was written.
    expect(unresolved.map((c) => ({ key: c.key, final: c.final }))).toEqual([]);
    expect(figures.rowsLost).toBe(0);
    expect(figures.duplicateRows).toBe(0);
    expect(rows.length).toBe(creates.length);
    for (const c of accepted) expect(rowsFor(c)[0]!.id).toBe(c.final!.id);
    expect(figures.halfWritten).toBe(0);
  });
});
