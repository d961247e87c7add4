import { spawn, type ChildProcess } from "node:child_process";
import { createWriteStream, existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { productionServerScript } from "../packages/admin/src/server/next.ts";
import { freePort, repoRoot, sleep, tail } from "./util.ts";

/**
 * The app under test: `next build` into apps/web/.next-bench (NEXT_DIST_DIR) and the production server (`npm start`'s: apps/web/server.mjs) on a
 * free port, in its own process group so that it (and anything it forks) can be stopped as one.
 */
export const webDir = path.join(repoRoot, "apps", "web");
export const DIST_DIR = ".next-bench";
const nextBin = path.join(repoRoot, "node_modules", "next", "dist", "bin", "next");

export async function buildApp(logFile: string): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, [nextBin, "build"], {
    cwd: webDir,
    env: { ...process.env, NODE_ENV: "production", NEXT_DIST_DIR: DIST_DIR, NEXT_TELEMETRY_DISABLED: "1" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const out = createWriteStream(logFile);
  child.stdout.pipe(out);
  child.stderr.pipe(out);
  const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
  if (code !== 0) throw new Error(`next build failed (exit ${code}); ${logFile}:\n${tail(readFileSync(logFile, "utf8"), 40)}`);
  return (performance.now() - started) / 1000;
}

export function hasBuild(): boolean {
  return existsSync(path.join(webDir, DIST_DIR, "BUILD_ID"));
}

export interface AppServer {
  url: string;
  port: number;
  pid: number;
  logFile: string;
  /** Every process of the server's tree (the server may fork), from /proc. */
  pids(): number[];
  /** Peak resident memory (VmHWM) per process of the tree, in MiB. */
  peakRssMiB(): Array<{ pid: number; name: string; mib: number }>;
  stop(): Promise<void>;
}

export interface StartOptions {
  env: Record<string, string>;
  logFile: string;
  /** Variables of this process not to pass on (e.g. INNGEST_EVENT_KEY: the bench uses the local runner). */
  unset?: string[];
  /** Extra node flags for the server process (e.g. --cpu-prof). */
  nodeArgs?: string[];
  /** Another checkout to run the server of (its apps/web and its .next-bench build): bench/paired.ts's --b-repo. */
  repo?: string;
}

export async function startApp(options: StartOptions): Promise<AppServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    NEXT_DIST_DIR: DIST_DIR,
    NEXT_TELEMETRY_DISABLED: "1",
    PORT: String(port),
    APP_BASE_URL: url,
    ...options.env,
  };
  for (const name of options.unset ?? []) delete env[name];
  // What `npm start` runs: the node server that answers /api/v1 itself, Next behind it.
  const appDir = options.repo ? path.join(path.resolve(options.repo), "apps", "web") : webDir;
  const script = options.repo ? path.join(appDir, "server.mjs") : productionServerScript;
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), script, "--port", String(port), "--hostname", "127.0.0.1"], {
    cwd: appDir,
    env,
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  const out = createWriteStream(options.logFile);
  child.stdout!.pipe(out);
  child.stderr!.pipe(out);
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const server = serverHandle(child, url, port, options.logFile, exited);
  try {
    await waitUntilAnswering(`${url}/api/bench/constant`, exited, options.logFile);
  } catch (error) {
    await server.stop();
    throw error;
  }
  return server;
}

async function waitUntilAnswering(url: string, exited: Promise<number | null>, logFile: string): Promise<void> {
  let gone = false;
  void exited.then(() => (gone = true));
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (gone) throw new Error(`the server exited early; ${logFile}:\n${tail(readFileSync(logFile, "utf8"), 30)}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
      if (response.status === 404) throw new Error("GET /api/bench/constant is 404: the build lacks the bench route or HIREFLOW_BENCH is not 1");
    } catch (error) {
      if (error instanceof Error && error.message.includes("bench route")) throw error;
    }
    await sleep(200);
  }
  throw new Error(`the server did not answer within 60 s; ${logFile}:\n${tail(readFileSync(logFile, "utf8"), 30)}`);
}

function serverHandle(child: ChildProcess, url: string, port: number, logFile: string, exited: Promise<number | null>): AppServer {
  const pid = child.pid!;
  let stopped = false;
  const pids = () => processTree(pid);
  return {
    url,
    port,
    pid,
    logFile,
    pids,
    peakRssMiB: () =>
      pids().flatMap((p) => {
        const status = readStatus(p);
        const hwm = status?.match(/^VmHWM:\s+(\d+) kB/m);
        const name = commandOf(p) ?? status?.match(/^Name:\s+(.+)$/m)?.[1] ?? "?";
        return hwm ? [{ pid: p, name, mib: Number(hwm[1]) / 1024 }] : [];
      }),
    async stop() {
      if (stopped) return;
      stopped = true;
      // SIGTERM lets Next exit cleanly (and --cpu-prof write its profile); SIGKILL after 10 s.
      signalGroup(pid, "SIGTERM");
      const done = await Promise.race([exited.then(() => true), sleep(10_000).then(() => false)]);
      if (!done) signalGroup(pid, "SIGKILL");
      // Children of the group that outlive the leader.
      for (let i = 0; i < 50 && groupAlive(pid); i++) await sleep(100);
      if (groupAlive(pid)) signalGroup(pid, "SIGKILL");
    },
  };
}

function signalGroup(pgid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pgid, signal);
  } catch {
    // already gone
  }
}

function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The process title (Next sets "next-server (v16…)" once loaded), from /proc/<pid>/cmdline. */
function commandOf(pid: number): string | undefined {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").filter(Boolean).join(" ").slice(0, 60) || undefined;
  } catch {
    return undefined;
  }
}

function readStatus(pid: number): string | undefined {
  try {
    return readFileSync(`/proc/${pid}/status`, "utf8");
  } catch {
    return undefined;
  }
}

/** The pid and its descendants, from /proc/<pid>/stat parent ids. */
export function processTree(root: number): number[] {
  const parents = new Map<number, number>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      parents.set(Number(entry), ppid);
    } catch {
      // exited meanwhile
    }
  }
  const tree = [root];
  for (let i = 0; i < tree.length; i++) for (const [p, parent] of parents) if (parent === tree[i]) tree.push(p);
  return tree.filter((p) => parents.has(p));
}
