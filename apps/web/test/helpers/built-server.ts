import { type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import http from "node:http";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { nextEnvironment, spawnNext, webDir } from "@hireflow/admin/server/next";
import { closedPort } from "./closed-port.ts";
import { stopOnExit } from "./stop-on-exit.ts";

/**
 * `npm run test:build` runs the API suites against the production build instead of the route
 * modules: startApp() (helpers/app.ts) then starts this server. Bundling is where the two differ
 * (one copy of a library in node_modules, another inside the bundle), so only the built app shows
 * what users get.
 */
export const testingTheBuild = () => process.env.HIREFLOW_TEST_TARGET === "build";

/**
 * The status an URL answers with, or null when nothing answers within `timeoutMs`. node:http, not
 * fetch: undici's fetch leaves `response.arrayBuffer()` pending for ever when its signal aborts while
 * the body is being read (nodejs/node#56917) — a server still booting on a loaded machine sent the
 * OpenAPI document's headers, not yet its body, and the start-up wait hung past its own deadline
 * (two side-by-side `npm test` runs, 2026-11-30). The body is not needed: the status is the answer.
 */
function statusOf(url: string, timeoutMs: number): Promise<number | null> {
  return new Promise((resolve) => {
    const request = http.get(url, { timeout: timeoutMs, agent: false }, (response) => {
      resolve(response.statusCode ?? null);
      request.destroy();
    });
    request.on("timeout", () => request.destroy());
    request.on("error", () => resolve(null));
    request.on("close", () => resolve(null));
  });
}

/** The output of the servers this process started and has not closed: what settleBackgroundWork shows when it gives up. */
const runningOutputs = new Set<string[]>();

/** The servers' warnings and errors (the job runner's retries and failures among them): the last 15. */
function serverComplaints(): string {
  const lines = [...runningOutputs].flatMap((output) => output.join("").split("\n")).filter((line) => /warn|error|fail/i.test(line));
  return lines.length ? `\nthe server's last warnings and errors:\n${lines.slice(-15).join("\n")}` : "";
}

export interface BuiltServer {
  url: string;
  /** Everything the server printed (its JSON log lines included). */
  output: string[];
  close(): Promise<void>;
}

/**
 * The production server (`npm start`'s: apps/web/server.mjs) on the production build in apps/web/.next (NEXT_DIST_DIR to use another), started
 * the way `npm start` starts it (same environment builder and CLI), with this test process's
 * configuration: its database, secret, limits and blob folder, as set when the server starts.
 */
export async function startBuiltServer(
  env: Record<string, string> = {},
  options: {
    onOutput?: (text: string) => void;
    /** The environment to start from, instead of this process's. */
    env?: NodeJS.ProcessEnv;
    /** Where the ports to try come from (the helper's own test hands it a taken one). */
    ports?: () => Promise<number>;
  } = {},
): Promise<BuiltServer> {
  const base = options.env ?? process.env;
  const distDir = base.NEXT_DIST_DIR || ".next";
  if (!existsSync(path.join(webDir, distDir, "BUILD_ID"))) {
    throw new Error(`No production build in apps/web/${distDir}: run \`npm run build\` first (npm run test:build does).`);
  }
  // Kept in memory for the tests that read it, or handed to onOutput (a server that lives for the
  // whole run would otherwise hold every log line of it).
  const output: string[] = [];
  const onOutput = options.onOutput ?? ((text: string) => output.push(text));
  // The wait reads the server's "server listening" line (an info line): a quieter level inherited from the
  // shell is raised to info for the server; a test that asks for one itself is told why it cannot.
  const hides = (level: string | undefined) => level === "warn" || level === "error";
  if (hides(env.LOG_LEVEL)) throw new Error(`startBuiltServer waits for the server's "server listening" line, which LOG_LEVEL=${env.LOG_LEVEL} hides`);
  if (hides(base.LOG_LEVEL)) env = { ...env, LOG_LEVEL: "info" };
  // A port nothing listens on now, bound by the server a moment later — unless another process takes
  // it in between (another test file's server, another run): then this server exits on EADDRINUSE and
  // the next attempt takes another port.
  for (let attempt = 1; ; attempt++) {
    const started = await startOnPort(await (options.ports ?? closedPort)(), base, env, onOutput);
    if (started !== "port taken") {
      if (!options.onOutput) runningOutputs.add(output);
      const close = async () => {
        await started.close();
        runningOutputs.delete(output);
      };
      return { url: started.url, output, close };
    }
    if (attempt === 5) throw new Error(`five ports in a row were taken before the server bound them:\n${output.join("")}`);
    output.length = 0;
  }
}

/** What the server prints once its socket is bound (apps/web/src/server/node/main.ts), with its port. */
const listeningLine = (port: number) => new RegExp(`"msg":"server listening","port":${port}[,}]`);

async function startOnPort(
  port: number,
  base: NodeJS.ProcessEnv,
  env: Record<string, string>,
  onOutput: (text: string) => void,
): Promise<{ url: string; close(): Promise<void> } | "port taken"> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "hireflow-built-"));
  const child: ChildProcess = spawnNext("start", port, {
    ...nextEnvironment(
      port,
      base.DATABASE_URL!,
      {
        NODE_ENV: "production",
        HIREFLOW_DATA_DIR: dataDir,
        // What the in-process app reads from the test's environment (setup-env.ts) holds here too.
        APP_BASE_URL: base.APP_BASE_URL,
        ...env,
      },
      base,
    ),
  }, "pipe");
  stopOnExit(child);
  // The child's own words, kept until it has said it listens (a line may arrive in two chunks).
  let own = "";
  let listening = false;
  const listeningOnPort = listeningLine(port);
  const onChunk = (chunk: Buffer) => {
    const text = chunk.toString("utf8");
    if (!listening) {
      own = (own + text).slice(-64_000);
      listening = listeningOnPort.test(own);
    }
    onOutput(text);
  };
  child.stdout!.on("data", onChunk);
  child.stderr!.on("data", onChunk);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const url = `http://127.0.0.1:${port}`;

  const close = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
      await exited;
      clearTimeout(timer);
    }
    await rm(dataDir, { recursive: true, force: true });
  };

  // Seconds on an idle machine; two suites side by side on 2 cores took ~50 s (the wait is on the answer, not a sleep).
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await exited;
      await rm(dataDir, { recursive: true, force: true });
      if (/EADDRINUSE/.test(own)) return "port taken";
      throw new Error(`the server exited (${child.exitCode ?? child.signalCode}):\n${own.slice(-4000)}`);
    }
    // Its own answer: a 200 counts only once this child said it holds the port (before that, an
    // answer on the port is someone else's). The OpenAPI document needs no key and no database.
    if (listening && (await statusOf(`${url}/api/v1/openapi.json`, 5_000)) === 200) break;
    if (Date.now() > deadline) {
      await close();
      throw new Error(`the server did not answer within 120 s:\n${own.slice(-4000)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { url, close };
}


/**
 * Waits until the built server's background work for these companies is done: no unpublished event,
 * no resume waiting to be parsed, no scoring pending and no delivery due within the minute. Tests that compare snapshots of a company's rows around a
 * request take the "before" after this, so a parse or a publish still running from an earlier
 * request is not mistaken for a write of this one. (In process no background work runs.)
 */
export async function settleBackgroundWork(companyIds: number[], timeoutMs = 30_000): Promise<void> {
  if (!testingTheBuild()) return;
  const { getPrisma, poolOf } = await import("@hireflow/db");
  const pool = poolOf(getPrisma());
  const deadline = Date.now() + timeoutMs;
  // When an event was last seen pending: the publisher deletes that row (the event row keeps no trace of its
  // publishing), and the fan-out it queued may still be in the runner, so quiet counts from then too.
  let pendingSeenAt = 0;
  for (;;) {
    // One statement (a prepared one: the sweeps call this before every snapshot, thousands of times a run).
    // Due now or soon: a first attempt, a redelivery (retries are a day out under the build project,
    // build-target.ts), a queued e-mail (without SMTP_URL the server marks it `stored` at once). And quiet
    // for a moment: an attempt that just ended still touches rows, and an event just written (or seen
    // pending) may have its fan-out still queued in the runner (no delivery row yet: CI caught one landing between the two
    // snapshots of a rejected request, in fuzz and trpc-fuzz).
    const soon = new Date(Date.now() + 60_000);
    const quietSince = new Date(Date.now() - 1_500);
    const { rows } = await pool.query<Record<"events" | "resumes" | "scorings" | "deliveries" | "emails" | "recent", number>>({
      name: "settle_background_work",
      text: `SELECT
        (SELECT count(*) FROM pending_events p JOIN events e ON e.id = p.event_id WHERE e.company_id = ANY($1::int[]))::int AS events,
        (SELECT count(*) FROM candidates WHERE company_id = ANY($1::int[]) AND resume_status IN ('pending', 'processing'))::int AS resumes,
        (SELECT count(*) FROM candidates WHERE company_id = ANY($1::int[]) AND fit_status = 'pending')::int AS scorings,
        (SELECT count(*) FROM webhook_deliveries WHERE company_id = ANY($1::int[]) AND status = 'pending' AND (next_attempt_at IS NULL OR next_attempt_at <= $2))::int AS deliveries,
        (SELECT count(*) FROM email_messages WHERE company_id = ANY($1::int[]) AND status = 'queued' AND (next_attempt_at IS NULL OR next_attempt_at <= $2))::int AS emails,
        ((SELECT count(*) FROM webhook_deliveries WHERE company_id = ANY($1::int[]) AND updated_at > $3)
          + (SELECT count(*) FROM events WHERE company_id = ANY($1::int[]) AND occurred_at > $3)
          + (SELECT count(*) FROM email_messages WHERE company_id = ANY($1::int[]) AND updated_at > $3))::int AS recent`,
      values: [companyIds, soon, quietSince],
    });
    const { events, resumes, scorings, deliveries, emails, recent } = rows[0]!;
    if (events > 0) pendingSeenAt = Date.now();
    if (events + resumes + scorings + deliveries + emails + recent === 0 && pendingSeenAt <= quietSince.getTime()) return;
    if (Date.now() > deadline) {
      // The rows themselves: which attempt, leased until when, last error (a stuck one is otherwise a guess).
      const stuck = await pool.query(
        `SELECT d.id, d.status, d.attempt_count, d.next_attempt_at, d.created_at, d.updated_at, d.last_error, e.type AS event
         FROM webhook_deliveries d JOIN events e ON e.id = d.event_id
         WHERE d.company_id = ANY($1::int[]) AND d.status = 'pending' AND (d.next_attempt_at IS NULL OR d.next_attempt_at <= $2) LIMIT 5`,
        [companyIds, soon],
      );
      throw new Error(
        `background work still running after ${timeoutMs} ms: ${events} unpublished events, ${resumes} resumes, ${scorings} scorings, ${deliveries} deliveries due, ${emails} e-mails due, ${recent} just updated` +
          (stuck.rows.length ? ` (now ${new Date().toISOString()}; deliveries due: ${JSON.stringify(stuck.rows)})` : "") +
          serverComplaints(),
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * A server process of its own with `env` on top of the test's: the production server under
 * test:build, else the node server's API path from source (helpers/api-server-process.ts). For tests
 * about processes (several servers, a server's own database connections).
 */
export async function startApiServer(env: Record<string, string> = {}): Promise<BuiltServer> {
  if (testingTheBuild()) return startBuiltServer(env);
  const { startServerProcess } = await import("../reliability/support/child.ts");
  const child = await startServerProcess(env, path.join(import.meta.dirname, "api-server-process.ts"));
  return { url: child.url, output: child.output, close: child.stop };
}

/** Waits until the server has printed `text` (a log line such as "api key cache listening"). */
export async function waitForOutput(server: BuiltServer, text: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!server.output.join("").includes(text)) {
    if (Date.now() > deadline) throw new Error(`no "${text}" from the server:\n${server.output.join("").slice(-2000)}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
