import { randomBytes } from "node:crypto";
import { createUser, setLogSink } from "@hireflow/core";
import { createSession, hashSessionToken } from "@hireflow/core/identity/sessions";
import { getPrisma } from "@hireflow/db";
import { useIsolatedDatabase } from "@hireflow/db/testing/isolated";
import { type BlobStorage, createLocalStorage, setStorageForTesting, signFileToken } from "@hireflow/storage";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createTestCompany, type TestCompany } from "../helpers/fixtures.ts";
import { countBlobs, postMultipart } from "../helpers/multipart.ts";
import { fixture, PDF, useTempBlobDir } from "../helpers/resumes.ts";
import { closedPort } from "../helpers/closed-port.ts";
import { REQUEST_ID, startRoutesApp } from "./support/routes-app.ts";
import { randomIp } from "./support/routes-state.ts";

/**
 * Every route outside the REST gateway — sign-in, sign-out, signed file downloads, the public
 * application form — answers an unexpected failure like the gateway does: the bare envelope (no
 * stack, no SQL, no cause), a request-id header, and exactly one error log line carrying that
 * request id and the cause. Failures are made real: a database trigger that fails the write, a
 * storage driver that fails the read, a database on a closed port — so this file has a database
 * of its own.
 */
const database = useIsolatedDatabase();
const blobs = useTempBlobDir();

let app: Awaited<ReturnType<typeof startRoutesApp>>;
let acme: TestCompany;
let user: { id: string; email: string };
const PASSWORD = `pw-${randomBytes(8).toString("hex")}`;
const lines: string[] = [];
let restoreSink: () => void;
/** Secrets handed to the routes in this file; none may reach a log line. */
const secrets = new Set<string>([PASSWORD]);

beforeAll(async () => {
  restoreSink = setLogSink((line) => lines.push(line));
  app = await startRoutesApp();
  acme = await createTestCompany();
  user = await createUser(getPrisma(), { companyId: acme.id, email: `errors-${randomBytes(4).toString("hex")}@example.com`, password: PASSWORD });
});
afterAll(async () => {
  restoreSink();
  await app.close();
});
afterEach(() => {
  for (const line of lines) {
    expect(() => JSON.parse(line), "every log line is one JSON object").not.toThrow();
    for (const secret of secrets) expect(line, "a secret reached the log").not.toContain(secret);
  }
});

const records = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);

interface Answer {
  status: number;
  headers: Headers;
  text: string;
}

async function call(path: string, init: RequestInit): Promise<Answer> {
  const res = await fetch(`${app.url}${path}`, { redirect: "manual", ...init });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

/** The generic 5xx: envelope only, nothing of the cause, the request id as header and in exactly one error log line. */
function expectLogged5xx(res: Answer, status: number, code: string) {
  expect(res.status, res.text).toBe(status);
  const requestId = res.headers.get("request-id");
  expect(requestId).toMatch(REQUEST_ID);
  expect(res.headers.get("content-type")).toMatch(/^application\/json/);
  const body = JSON.parse(res.text);
  expect(Object.keys(body)).toEqual(["error"]);
  expect(Object.keys(body.error)).toEqual(["code", "message"]);
  expect(body.error.code).toBe(code);
  expect(body.error.message).toBe(code === "internal_error" ? "An internal error occurred" : "The service is temporarily unavailable; retry shortly");
  for (const leak of ["stack", " at ", "prisma", "Prisma", "SELECT", "INSERT", "DELETE", "trigger", "simulated", "invocation", ".ts:", "postgres", "ECONNREFUSED", "disk"]) {
    expect(res.text, `the ${status} body shows "${leak}"`).not.toContain(leak);
  }
  const logged = records().filter((r) => r.request_id === requestId);
  expect(logged, "exactly one log line carries the request id").toHaveLength(1);
  expect(logged[0]).toMatchObject({ level: "error", msg: "request failed", request_id: requestId, code });
  expect(logged[0]!.error, "the cause is logged for operators").toBeDefined();
  return logged[0]!;
}

/** A trigger that fails every `op` on `table` with a message naming the table (the kind of text that must stay in the log). */
async function failEvery(op: "INSERT" | "DELETE", table: string) {
  const prisma = getPrisma();
  await prisma.$executeRawUnsafe(`CREATE OR REPLACE FUNCTION routes_fail() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN RAISE EXCEPTION 'simulated failure in % on %', TG_OP, TG_TABLE_NAME; END $$`);
  await prisma.$executeRawUnsafe(`CREATE TRIGGER routes_fail BEFORE ${op} ON ${table} FOR EACH ROW EXECUTE FUNCTION routes_fail()`);
  return () => prisma.$executeRawUnsafe(`DROP TRIGGER routes_fail ON ${table}`);
}

const signIn = () =>
  call("/api/auth/sign-in", { method: "POST", headers: { "content-type": "application/json", "x-forwarded-for": randomIp() }, body: JSON.stringify({ email: user.email, password: PASSWORD }) });

async function signOut() {
  const session = await createSession(getPrisma(), user.id);
  secrets.add(session.token);
  secrets.add(session.csrfToken);
  const res = await call("/api/auth/sign-out", { method: "POST", headers: { cookie: `hf_session=${session.token}`, "x-csrf-token": session.csrfToken } });
  return { res, session };
}

const applyJson = (email: string) =>
  call(`/api/public/jobs/${acme.jobId}/applications`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": randomIp() },
    body: JSON.stringify({ name: "Failing Applicant", email }),
  });

describe("an unexpected error is a logged 500 with the request id", () => {
  it("POST /api/auth/sign-in: storing the session fails", async () => {
    const undo = await failEvery("INSERT", "sessions");
    try {
      const res = await signIn();
      expect(res.headers.get("set-cookie")).toBeNull();
      const record = expectLogged5xx(res, 500, "internal_error");
      expect(JSON.stringify(record.error)).toContain("simulated failure in INSERT on sessions");
    } finally {
      await undo();
    }
    expect((await signIn()).status).toBe(200);
  });

  it("POST /api/auth/sign-out: deleting the session fails (and the session stays)", async () => {
    const undo = await failEvery("DELETE", "sessions");
    try {
      const { res, session } = await signOut();
      const record = expectLogged5xx(res, 500, "internal_error");
      expect(JSON.stringify(record.error)).toContain("simulated failure in DELETE on sessions");
      expect(await getPrisma().session.count({ where: { tokenHash: hashSessionToken(session.token) } })).toBe(1);
    } finally {
      await undo();
    }
    expect((await signOut()).res.status).toBe(303);
  });

  it("GET /api/files/{token}: the storage driver fails to read", async () => {
    const local = createLocalStorage(blobs.dir());
    const { key } = await local.put({ prefix: `resumes/${acme.id}`, filename: "cv.pdf", contentType: PDF, body: fixture("priya-raman.pdf") });
    const token = signFileToken({ key, filename: "cv.pdf" });
    // The file route serves a blob only while a candidate holds it (an erased one's link is dead).
    const holder = await getPrisma().candidate.create({ data: { companyId: acme.id, jobId: acme.jobId, name: "File Holder", applicationSource: "public_api", resumeBlobKey: key } });
    const failing: BlobStorage = { ...local, get: async () => Promise.reject(new Error(`disk failure reading ${blobs.dir()}/${key}`)) };
    setStorageForTesting(failing);
    try {
      const record = expectLogged5xx(await call(`/api/files/${token}`, {}), 500, "internal_error");
      expect(JSON.stringify(record.error)).toContain("disk failure reading");
      setStorageForTesting(local);
      expect((await call(`/api/files/${token}`, {})).status).toBe(200);
    } finally {
      setStorageForTesting(local);
      await getPrisma().candidate.delete({ where: { id: holder.id } });
    }
    expect((await call(`/api/files/${token}`, {})).status).toBe(404);
  });

  it("POST /api/public/jobs/{id}/applications (JSON): creating the candidate fails", async () => {
    const undo = await failEvery("INSERT", "candidates");
    try {
      const record = expectLogged5xx(await applyJson("fails@example.com"), 500, "internal_error");
      expect(JSON.stringify(record.error)).toContain("simulated failure in INSERT on candidates");
    } finally {
      await undo();
    }
    expect(await getPrisma().candidate.count({ where: { companyId: acme.id } })).toBe(0);
    expect((await applyJson("works@example.com")).status).toBe(201);
  });

  it("POST /api/public/jobs/{id}/applications (multipart with a resume): creating the candidate fails, the stored resume is removed", async () => {
    const before = await countBlobs(blobs.dir());
    const undo = await failEvery("INSERT", "candidates");
    try {
      const res = await postMultipart(
        app.url,
        null,
        { name: "Failing Upload", email: "fails-upload@example.com", resume: { bytes: fixture("priya-raman.pdf"), filename: "cv.pdf", type: PDF } },
        { path: `/api/public/jobs/${acme.jobId}/applications`, headers: { "x-forwarded-for": randomIp() } },
      );
      expectLogged5xx({ status: res.status, headers: res.headers, text: JSON.stringify(res.body) }, 500, "internal_error");
    } finally {
      await undo();
    }
    expect(await countBlobs(blobs.dir())).toBe(before);
    expect(await getPrisma().candidate.count({ where: { companyId: acme.id, email: "fails-upload@example.com" } })).toBe(0);
  });
});

describe("the web app's tRPC endpoint logs its 5xx the same way", () => {
  it("POST /api/trpc/candidates.addNote: inserting the activity fails", async () => {
    const session = await createSession(getPrisma(), user.id);
    secrets.add(session.token);
    secrets.add(session.csrfToken);
    const candidate = await getPrisma().candidate.create({ data: { companyId: acme.id, jobId: acme.jobId, name: "Noted Candidate", applicationSource: "manual" } });
    const undo = await failEvery("INSERT", "candidate_activities");
    try {
      const res = await call("/api/trpc/candidates.addNote", {
        method: "POST",
        headers: { cookie: `hf_session=${session.token}`, "x-csrf-token": session.csrfToken, "content-type": "application/json" },
        body: JSON.stringify({ id: String(candidate.id), note: "never stored" }),
      });
      expect(res.status, res.text).toBe(500);
      const requestId = res.headers.get("request-id");
      expect(requestId).toMatch(REQUEST_ID);
      for (const leak of ["simulated", "candidate_activities", "INSERT", "stack"]) expect(res.text).not.toContain(leak);
      const logged = records().filter((r) => r.request_id === requestId);
      expect(logged, "exactly one log line carries the request id").toHaveLength(1);
      expect(logged[0]).toMatchObject({ level: "error", msg: "request failed", request_id: requestId, code: "internal_error", procedure: "candidates.addNote" });
      expect(JSON.stringify(logged[0]!.error)).toContain("simulated failure in INSERT on candidate_activities");
    } finally {
      await undo();
    }
  });
});

describe("a database that cannot be reached is a logged 503 with the request id", () => {
  it("sign-in, sign-out and the application form, then the next request recovers", async () => {
    const session = await createSession(getPrisma(), user.id);
    secrets.add(session.token);
    secrets.add(session.csrfToken);
    const url = new URL(database.url());
    url.port = String(await closedPort());
    url.password = `db-pw-${randomBytes(6).toString("hex")}`;
    secrets.add(url.password);
    process.env.DATABASE_URL = url.toString();
    try {
      expectLogged5xx(await signIn(), 503, "service_unavailable");
      const out = await call("/api/auth/sign-out", { method: "POST", headers: { cookie: `hf_session=${session.token}`, "x-csrf-token": session.csrfToken } });
      expectLogged5xx(out, 503, "service_unavailable");
      expectLogged5xx(await applyJson("unreachable@example.com"), 503, "service_unavailable");
    } finally {
      process.env.DATABASE_URL = database.url();
    }
    expect((await signIn()).status).toBe(200);
    expect((await applyJson("reachable@example.com")).status).toBe(201);
  });
});
