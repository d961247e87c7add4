import { logger, redact, setLogSink } from "@hireflow/core";
import { getPrisma } from "@hireflow/db";
import { useIsolatedDatabase } from "@hireflow/db/testing/isolated";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type RunningApp, startApp } from "../helpers/app.ts";
import { startBuiltServer, testingTheBuild } from "../helpers/built-server.ts";
import { apiClient, type ApiClient, type ApiResponse } from "../helpers/client.ts";
import { createTestCompany, type TestCompany } from "../helpers/fixtures.ts";
import { closedPort } from "../helpers/closed-port.ts";

/**
 * Secrets never reach the logs, every 5xx is logged with its request id, and a 5xx answer is the
 * bare envelope (no stack, no SQL). Internal errors are made real — a database trigger that fails
 * inserts and echoes the row (secret included) into the error, and a database on a closed port —
 * so this file has a database of its own.
 */
const database = useIsolatedDatabase();

let app: RunningApp;
let acme: TestCompany;
let api: ApiClient;
const lines: string[] = [];
let restoreSink: () => void;
const previousLevel = process.env.LOG_LEVEL;
/** Every secret the test handed out or received; none may appear in any log line. */
const secrets = new Set<string>();

beforeAll(async () => {
  process.env.LOG_LEVEL = "debug";
  restoreSink = setLogSink((line) => lines.push(line));
  app = await startApp();
  acme = await createTestCompany();
  api = apiClient(app.url, acme);
  secrets.add(acme.apiKey);
});
afterAll(async () => {
  restoreSink();
  // Assigning undefined would leave the string "undefined": in the build project (one module graph and
  // environment per worker) every later file's server then differed from the shared one and started its own.
  if (previousLevel === undefined) delete process.env.LOG_LEVEL;
  else process.env.LOG_LEVEL = previousLevel;
  await app.close();
});
/** In process the sink's lines; against the build the JSON lines the server printed (LOG_LEVEL is passed on to it). */
const logLines = (output = app.output) => (output ? output.join("").split("\n").filter((line) => line.startsWith("{")) : lines);

afterEach(() => {
  for (const line of logLines()) {
    for (const secret of secrets) expect(line, "a secret reached the log").not.toContain(secret);
    expect(line).not.toMatch(/hf_live_[0-9A-Za-z]{8,}|whsec_[A-Za-z0-9+/=]{8,}/);
    expect(() => JSON.parse(line), "every log line is one JSON object").not.toThrow();
  }
});

const records = (output?: string[]) => logLines(output).map((line) => JSON.parse(line) as Record<string, unknown>);

/** A built server's log line reaches us through a pipe, possibly just after the response. */
async function loggedFor(requestId: string | null, output?: string[]) {
  const deadline = Date.now() + 3_000;
  let logged = records(output).filter((r) => r.request_id === requestId);
  while (logged.length === 0 && (output ?? app.output) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 25));
    logged = records(output).filter((r) => r.request_id === requestId);
  }
  return logged;
}

async function expectGeneric5xx(res: ApiResponse, status: number, code: string, output?: string[]) {
  expect(res.status).toBe(status);
  const requestId = res.headers.get("request-id");
  expect(requestId).toMatch(/^req_/);
  expect(Object.keys(res.body)).toEqual(["error"]);
  expect(Object.keys(res.body.error)).toEqual(["code", "message"]);
  expect(res.body.error.code).toBe(code);
  const text = JSON.stringify(res.body);
  for (const leak of ["stack", " at ", "prisma", "Prisma", "SELECT", "INSERT", "trigger", "simulated", "invocation", ".ts:", "whsec_", "postgres"]) {
    expect(text, `the ${status} body shows "${leak}"`).not.toContain(leak);
  }
  // Logged once, at error level, with the same request id, the code, and the cause for operators.
  const logged = await loggedFor(requestId, output);
  expect(logged).toHaveLength(1);
  expect(logged[0]).toMatchObject({ level: "error", msg: "request failed", code });
  expect(logged[0]!.error).toBeDefined();
  return logged[0]!;
}

async function installFailingInsert(table: string) {
  const prisma = getPrisma();
  await prisma.$executeRawUnsafe(`CREATE OR REPLACE FUNCTION hardening_fail() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN RAISE EXCEPTION 'simulated failure storing %', row_to_json(NEW)::text; END $$`);
  await prisma.$executeRawUnsafe(`CREATE TRIGGER hardening_fail BEFORE INSERT ON ${table} FOR EACH ROW EXECUTE FUNCTION hardening_fail()`);
  return () => prisma.$executeRawUnsafe(`DROP TRIGGER hardening_fail ON ${table}`);
}

describe("internal errors", () => {
  it("an unexpected database error is a generic 500, logged with the request id — the webhook secret in the error is redacted", async () => {
    const uninstall = await installFailingInsert("webhook_endpoints");
    try {
      const res = await api.post("/webhook_endpoints", { url: "http://127.0.0.1:9/hook", description: "failing" });
      expect(res.body).toEqual({ error: { code: "internal_error", message: "An internal error occurred" } });
      const record = await expectGeneric5xx(res, 500, "internal_error");
      // The database echoed the row, secret included: the log keeps the message, masked.
      expect(JSON.stringify(record.error)).toContain("whsec_[REDACTED]");
      expect(JSON.stringify(record.error)).toContain("simulated failure storing");
    } finally {
      await uninstall();
    }
  });

  it("an API key inside data that ends up in an error message is redacted too", async () => {
    const uninstall = await installFailingInsert("candidates");
    try {
      const res = await api.post("/candidates", { job_id: acme.jobId, name: `pasted ${acme.apiKey} by mistake` });
      const record = await expectGeneric5xx(res, 500, "internal_error");
      expect(JSON.stringify(record.error)).toContain("hf_live_[REDACTED]");
    } finally {
      await uninstall();
    }
    expect(await getPrisma().candidate.count({ where: { companyId: acme.id } })).toBe(0);
  });

  it("a database that cannot be reached is a generic 503 with the request id logged, and the next request recovers", async () => {
    const closed = await closedPort();
    const url = new URL(database.url());
    url.port = String(closed);
    // A distinctive password (the port is closed anyway): the server's real one may be a common word
    // such as "postgres" (the embedded server's), which legitimately appears in any postgres:// URL.
    url.password = `db-pw-${Math.random().toString(36).slice(2)}`;
    secrets.add(url.password);
    if (testingTheBuild()) {
      // A running server's DATABASE_URL cannot be changed: one of its own points at the closed port.
      const unreachable = await startBuiltServer({ DATABASE_URL: url.toString() });
      try {
        const res = await apiClient(unreachable.url, acme).get(`/jobs/${acme.jobId}`);
        await expectGeneric5xx(res, 503, "service_unavailable", unreachable.output);
        for (const line of logLines(unreachable.output)) expect(line, "a secret reached the log").not.toContain(url.password);
      } finally {
        await unreachable.close();
      }
    } else {
      process.env.DATABASE_URL = url.toString();
      try {
        const res = await api.get(`/jobs/${acme.jobId}`);
        await expectGeneric5xx(res, 503, "service_unavailable");
      } finally {
        process.env.DATABASE_URL = database.url();
      }
    }
    expect((await api.get(`/jobs/${acme.jobId}`)).status).toBe(200);
  });
});

describe("secrets in requests and responses never reach the logs", () => {
  it("API keys, webhook secrets (created and rotated), Authorization and Cookie headers", async () => {
    const created = await api.post("/webhook_endpoints", { url: "http://127.0.0.1:9/ok" });
    expect(created.status).toBe(201);
    secrets.add(created.body.data.secret);
    const rotated = await api.post(`/webhook_endpoints/${created.body.data.id}/rotate_secret`, {});
    expect(rotated.status, JSON.stringify(rotated.body)).toBeLessThan(300);
    if (rotated.body.data?.secret) secrets.add(rotated.body.data.secret);
    const wrongKey = `hf_live_${"Z".repeat(40)}`;
    secrets.add(wrongKey);
    expect((await apiClient(app.url, { apiKey: wrongKey }).get("/jobs")).status).toBe(401);
    const withCookie = await api.get("/jobs", { cookie: "hf_session=sessiontokensessiontoken; other=1", "x-csrf-token": "csrfcsrfcsrfcsrf" });
    expect(withCookie.status).toBe(200);
    // The 5xx path logs the cause; here it must not carry the secrets of the request that failed.
    const uninstall = await installFailingInsert("candidates");
    try {
      await api.post("/candidates", { job_id: acme.jobId, name: "x" }, { cookie: "hf_session=sessiontokensessiontoken" });
    } finally {
      await uninstall();
    }
    expect(logLines().join("\n")).not.toContain("sessiontokensessiontoken");
  });

  it("the logger masks secret-named fields at any spelling, secrets inside strings, URL passwords, and cuts off deep values", () => {
    const before = lines.length;
    const password = "correct horse battery staple";
    secrets.add(password);
    logger.error("sign-in failed", {
      body: { email: "a@example.com", password, newPassword: password, password_confirmation: password },
      headers: { Authorization: `Bearer ${acme.apiKey}`, Cookie: "hf_session=abc", "X-CSRF-Token": "abc", "x-api-key": acme.apiKey },
      webhook_secret: "whsec_AAAAAAAAAAAAAAAA",
      config: { DATABASE_URL: `postgres://app:${password.replace(/ /g, "")}@db:5432/app`, SECRET_KEY: "k" },
      error: new Error(`upstream said: Authorization: Bearer ${acme.apiKey}`, { cause: new Error(`retrying with whsec_BBBBBBBBBBBBBBBB`) }),
      deep: { a: { b: { c: { d: { e: { f: { g: { password } } } } } } } },
    });
    secrets.add(password.replace(/ /g, ""));
    const record = JSON.parse(lines[before]!);
    expect(record.body).toEqual({ email: "a@example.com", password: "[REDACTED]", newPassword: "[REDACTED]", password_confirmation: "[REDACTED]" });
    expect(record.headers).toEqual({ Authorization: "[REDACTED]", Cookie: "[REDACTED]", "X-CSRF-Token": "[REDACTED]", "x-api-key": "[REDACTED]" });
    expect(record.config).toEqual({ DATABASE_URL: "postgres://app:[REDACTED]@db:5432/app", SECRET_KEY: "[REDACTED]" });
    expect(record.error.message).toBe("upstream said: Authorization: Bearer [REDACTED]");
    expect(record.error.cause.message).toBe("retrying with whsec_[REDACTED]");
    expect(JSON.stringify(record.deep)).toContain("[TRUNCATED]");
    expect(redact("postgres://app:pw@db/x and https://example.com/a?b=c")).toBe("postgres://app:[REDACTED]@db/x and https://example.com/a?b=c");
    expect(record.request_id).toBeUndefined();
  });
});

describe("the benchmark's routes", () => {
  // They tell how fast and how big the server is: nobody's business but the benchmark's.
  it("answer 404 unless the server runs with HIREFLOW_BENCH=1", async () => {
    if (testingTheBuild()) {
      for (const path of ["/api/bench/constant", "/api/bench/memory"]) {
        const res = await fetch(`${app.url}${path}`);
        expect(res.status, path).toBe(404);
        expect(await res.text(), path).not.toMatch(/rss|heap|"ok"/);
      }
      return;
    }
    const memory = await import("@/app/api/bench/memory/route");
    const constant = await import("@/app/api/bench/constant/route");
    const previous = process.env.HIREFLOW_BENCH;
    try {
      delete process.env.HIREFLOW_BENCH;
      expect(memory.GET().status).toBe(404);
      expect(constant.GET().status).toBe(404);
      process.env.HIREFLOW_BENCH = "1";
      const body = (await memory.GET().json()) as { rss: number; heapUsed: number; spaces: Record<string, { size: number }> };
      expect(body.rss).toBeGreaterThan(body.heapUsed);
      expect(body.spaces.old_space!.size).toBeGreaterThan(0);
      expect(constant.GET().status).toBe(200);
    } finally {
      if (previous === undefined) delete process.env.HIREFLOW_BENCH;
      else process.env.HIREFLOW_BENCH = previous;
    }
  });
});
