import { randomBytes } from "node:crypto";
import { createUser } from "@hireflow/core";
import { getPrisma } from "@hireflow/db";
import { afterAll, beforeAll, expect } from "vitest";
import { type BuiltServer, settleBackgroundWork, startBuiltServer, testingTheBuild } from "../../helpers/built-server.ts";
import { apiClient } from "../../helpers/client.ts";
import { addJob, createTestCompany, type TestCompany } from "../../helpers/fixtures.ts";
import { fixture, PDF, useTempBlobDir } from "../../helpers/resumes.ts";
import { FRAMEWORK_ANSWER, REQUEST_ID, expectOurAnswer, type Sent, startRoutesApp } from "./routes-app.ts";
import { type BodyWithType, type CookieChoice, type OriginChoice, toFetchBody } from "./routes-arbitraries.ts";
import { applyWithResume, worldState } from "./routes-state.ts";

/**
 * The world the routes-fuzz files (routes-fuzz-*.test.ts, routes-cross-tenant.test.ts) run in: the
 * app's routes outside /api/v1 on a real socket, two companies side by side (so a request can never
 * write into the wrong one unnoticed), their jobs, a user with a password, one resume of each
 * company with its signed file token, and blobs in a temp folder of the file so counts are exact.
 *
 * FUZZ_RUNS (default 100) sets the runs per property, as in fuzz.test.ts.
 */
export const RUNS = Number(process.env.FUZZ_RUNS ?? 100);

/** The user's real password. */
export const PASSWORD = "correct horse battery staple";

/** The alphabet of signed file tokens, to change one of their characters into another. */
export const BASE64URL = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

export type JobName = "acme" | "questions" | "inactive" | "private" | "other";
export type FileOwner = "acme" | "other";

const QUESTIONS = [
  { id: "years", label: "Years of experience", type: "text" as const, required: true },
  { id: "relocate", label: "Willing to relocate?", type: "yes_no" as const, required: false },
  { id: "level", label: "Level", type: "select" as const, required: false, options: ["junior", "senior"] },
];

/** A value in a log line: bytes as their length, long strings cut. */
export const show = (value: unknown) => JSON.stringify(value, (_k, v) => (v instanceof Uint8Array ? `<${v.byteLength} bytes>` : typeof v === "string" && v.length > 200 ? `${v.slice(0, 200)}…(${v.length})` : v));

/**
 * Sets the world up in beforeAll and closes it in afterAll, printing the file's answers by route and
 * status as one `[routes-fuzz]` JSON line (docs/RELIABILITY.md quotes them).
 *
 * As with useApiApp, the data fields are getters that exist only once beforeAll has run: read them
 * inside tests and hooks. The functions read them only when called, so they may be destructured.
 */
export function useRoutesWorld() {
  const blobs = useTempBlobDir();
  const stats: Record<string, Record<number, number>> = {};
  let app: Awaited<ReturnType<typeof startRoutesApp>> | undefined;
  let acme: TestCompany | undefined;
  let other: TestCompany | undefined;
  let jobs: Record<JobName, number> | undefined;
  let user: { id: string; email: string } | undefined;
  /** Real signed tokens of one resume of each company, and the bytes each must serve. */
  let files: Record<FileOwner, { token: string; bytes: Uint8Array }> | undefined;

  const ready = <T>(value: T | undefined, name: string): T => {
    if (value === undefined) throw new Error(`useRoutesWorld: ${name} is set in beforeAll; read it inside a test or hook`);
    return value;
  };
  /** A server of its own while a describe block runs with other configuration (useEnv). */
  let configured: BuiltServer | undefined;
  const url = () => configured?.url ?? ready(app, "url").url;

  /**
   * The enclosing describe block runs against the app configured with `env` as well: in process the
   * variables are set around it (the routes read them per request); against the build a server of
   * its own is started with them. Call inside a describe, before its tests.
   */
  function useEnv(env: Record<string, string>) {
    const previous = Object.fromEntries(Object.keys(env).map((name) => [name, process.env[name]]));
    beforeAll(async () => {
      if (testingTheBuild()) configured = await startBuiltServer(env);
      else Object.assign(process.env, env);
    });
    afterAll(async () => {
      await configured?.close();
      configured = undefined;
      for (const [name, value] of Object.entries(previous)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    });
  }

  /** A candidate with a resume, made through the public form; its signed URL read through the API, as a client does. */
  async function resumeOf(company: TestCompany, email: string, bytes: Uint8Array) {
    const candidate = await applyWithResume(url(), company, company.jobId, { name: "Resume Holder", email, resume: { bytes, filename: `${company.id}.pdf`, type: PDF } });
    const res = await apiClient(url(), company).get(`/candidates/${candidate.id}`);
    expect(res.status).toBe(200);
    const resumeUrl = new URL(res.body.data.resume_url);
    const token = decodeURIComponent(resumeUrl.pathname.replace(/^\/api\/files\//, ""));
    const download = await fetch(`${url()}/api/files/${token}`);
    expect(download.status).toBe(200);
    return { token, bytes: new Uint8Array(await download.arrayBuffer()) };
  }

  beforeAll(async () => {
    app = await startRoutesApp();
    acme = await createTestCompany();
    other = await createTestCompany();
    jobs = {
      acme: acme.jobId,
      questions: await addJob(acme, { title: "With questions", screening_questions: QUESTIONS }),
      inactive: await addJob(acme, { title: "Closed", is_active: false }),
      private: await addJob(acme, { title: "Internal", is_public: false }),
      other: other.jobId,
    };
    user = await createUser(getPrisma(), { companyId: acme.id, email: `fuzz-${randomBytes(4).toString("hex")}@example.com`, password: PASSWORD, name: "Fuzz" });
    files = {
      acme: await resumeOf(acme, "acme-resume@example.com", fixture("priya-raman.pdf")),
      other: await resumeOf(other, "other-resume@example.com", fixture("marcus-oneill.pdf")),
    };
    // Different bytes per company, so serving the wrong file cannot pass for the right one.
    expect(Buffer.from(files.acme.bytes).equals(Buffer.from(files.other.bytes))).toBe(false);
  });
  afterAll(async () => {
    // A file that records no answers (no property) has no counts to print.
    if (Object.keys(stats).length > 0) console.info(`[routes-fuzz] ${JSON.stringify({ runsPerProperty: RUNS, byStatus: stats })}`);
    await app?.close();
  });

  /** Everything a request could write: both companies' rows, their sessions, the blobs. */
  const state = async () => {
    const companies = [ready(acme, "acme"), ready(other, "other")];
    await settleBackgroundWork(companies.map((c) => c.id));
    return worldState(companies, blobs.dir());
  };

  async function send(method: string, path: string, headers: Record<string, string | undefined>, body?: BodyWithType): Promise<Sent> {
    const sent: Record<string, string> = {};
    for (const [name, value] of Object.entries(headers)) if (value !== undefined) sent[name] = value;
    const withBody = body && method !== "GET" && method !== "HEAD";
    const res = await fetch(`${url()}${path}`, { method, headers: sent, body: withBody ? toFetchBody(body, sent) : undefined, redirect: "manual" });
    const text = method === "HEAD" ? "" : await res.text();
    return { status: res.status, headers: res.headers, text };
  }

  /** Counts an answer for the stats line. */
  function record(route: string, res: Sent) {
    const byStatus = (stats[route] ??= {});
    byStatus[res.status] = (byStatus[res.status] ?? 0) + 1;
  }

  /** Never 5xx; our request id and envelope unless the (emulated) framework answered a method the route does not export. */
  function checkAnswer(route: string, method: string, exported: string[], res: Sent, context: string) {
    record(route, res);
    expect(res.status, context).toBeLessThan(500);
    if (!exported.includes(method) && !(method === "HEAD" && exported.includes("GET"))) {
      // Next answers 405 itself for a method the route file does not export; no route code runs.
      expect(res.status, context).toBe(405);
      if (testingTheBuild()) expect(res.headers.get("request-id"), `${context}: not Next's own 405`).toBeNull();
      else expect(res.headers.get(FRAMEWORK_ANSWER), context).toBe("1");
      return;
    }
    if (method === "HEAD") {
      expect(res.headers.get("request-id"), context).toMatch(REQUEST_ID);
      return;
    }
    expectOurAnswer(res, context);
  }

  function cookieHeader(choice: CookieChoice, realToken: string | undefined): string | undefined {
    if (choice.kind === "literal") return choice.value;
    if (!realToken) return undefined;
    return choice.kind === "real" ? `hf_session=${realToken}` : `hf_session=${realToken}; other=1; hf_session=${"B".repeat(43)}`;
  }

  function originHeader(choice: OriginChoice): string | undefined {
    return choice.kind === "same" ? url() : choice.value;
  }

  return {
    /** Base URL of the running app (http://127.0.0.1:<port>). */
    get url() {
      return url();
    },
    /** The target company: its jobs, the user and the first resume are its. */
    get acme() {
      return ready(acme, "acme");
    },
    /** The bystander company, with a job and a resume of its own. */
    get other() {
      return ready(other, "other");
    },
    /** acme's open job, one asking screening questions, a closed one and a private one; other's open job. */
    get jobs() {
      return ready(jobs, "jobs");
    },
    /** acme's user, whose password is PASSWORD. */
    get user() {
      return ready(user, "user");
    },
    /** Real signed tokens of one resume of each company, and the bytes each must serve. */
    get files() {
      return ready(files, "files");
    },
    state,
    send,
    record,
    useEnv,
    checkAnswer,
    cookieHeader,
    originHeader,
  };
}
