import { Redis } from "ioredis";
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBuiltServer, testingTheBuild } from "../helpers/built-server.ts";
import { apiClient } from "../helpers/client.ts";
import { createTestCompany, type TestCompany } from "../helpers/fixtures.ts";
import { startServerProcess } from "../reliability/support/child.ts";

/**
 * Two server processes sharing one Redis allow exactly RATE_LIMIT_MAX requests of one key between
 * them, counted from each process's very first request (when its Redis connection is still being
 * made). The window is an hour so that a test never straddles two windows. Against the build the processes are `next start`; in process they are the route modules
 * in child processes of their own.
 */
const REDIS_URL = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
const LIMIT = 10;

async function redisAnswers(): Promise<boolean> {
  const probe = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  probe.on("error", () => {});
  try {
    await probe.connect();
    return (await probe.ping()) === "PONG";
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

// Skipped only where no Redis runs (a fresh laptop); CI sets CI=1, so there it must run and pass.
describe.runIf((await redisAnswers()) || Boolean(process.env.CI))("rate limit shared through Redis", () => {
  const servers: { url: string; output: string[]; close(): Promise<void> }[] = [];
  let company: TestCompany;

  beforeAll(async () => {
    company = await createTestCompany();
    // Buckets are keyed by the API key's id, and every test run's fresh database numbers keys from 1
    // again: this run's own prefix keeps an earlier run's counts (or those of a run going on beside it,
    // as npm test and test:build do in CI) out of its buckets.
    const keyPrefix = `hireflow:rl:test-${randomBytes(6).toString("hex")}`;
    const env = { REDIS_URL, RATE_LIMIT_REDIS_PREFIX: keyPrefix, RATE_LIMIT_MAX: String(LIMIT), RATE_LIMIT_WINDOW_MS: "3600000" };
    for (let i = 0; i < 2; i++) {
      if (testingTheBuild()) servers.push(await startBuiltServer(env));
      else {
        const child = await startServerProcess(env);
        servers.push({ url: child.url, output: child.output, close: child.kill });
      }
    }
  });
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.close()));
  });

  it(`two fresh processes allow exactly ${LIMIT} requests of one key between them, alternating`, async () => {
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT + 4; i++) {
      const res = await apiClient(servers[i % 2]!.url, company).get(`/jobs/${company.jobId}`);
      statuses.push(res.status);
    }
    expect(statuses).toEqual([...Array(LIMIT).fill(200), 429, 429, 429, 429]);
    for (const server of servers) expect(server.output.join("")).not.toContain("rate limiter unavailable");
  });
});
