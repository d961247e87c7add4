import { spawn } from "node:child_process";
import path from "node:path";
import { rotation, type Scenario } from "./load.ts";
import { repoRoot } from "./util.ts";

/**
 * The two floors every endpoint is compared with:
 *  - next_constant: a route handler in the same Next app returning constant JSON
 *    (apps/web/src/app/api/bench/constant, on with HIREFLOW_BENCH=1): the framework's ceiling;
 *  - bare: bench/bare-server.ts, node:http + pg doing the same primary-key read: the hardware's;
 *  - bare_job: the same server reading one job by primary key (issue 44's floor for GET job and GET candidate).
 */
export function constantScenario(): Scenario {
  return { key: "next_constant", label: "Floor: Next route handler, constant JSON", next: () => ({ path: "/api/bench/constant" }) };
}

/**
 * Diagnostic, not a floor: the API route without a key answers 401 from the gateway before any
 * database work, so it measures Next + our route + the gateway's own per-request work.
 */
export function unauthorizedScenario(candidateIds: number[]): Scenario {
  const candidate = rotation(candidateIds);
  return { key: "diag_401", label: "Diagnostic: GET /api/v1/candidates/{id} without a key (401, no database)", next: () => ({ path: `/api/v1/candidates/${candidate()}` }) };
}

export function bareScenario(candidateIds: number[]): Scenario {
  const candidate = rotation(candidateIds);
  return { key: "bare", label: "Floor: node:http + pg, same candidate read", next: () => ({ path: `/candidates/${candidate()}` }) };
}

/** Issue 44's floor for GET /api/v1/jobs/{id}: the same server doing one primary-key read of the job, written as JSON. */
export function bareJobScenario(jobIds: number[]): Scenario {
  const job = rotation(jobIds);
  return { key: "bare_job", label: "Floor: node:http + pg, one job read by primary key", next: () => ({ path: `/jobs/${job()}` }) };
}

export interface BareServer {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

export async function startBareServer(databaseUrl: string, companyId: number): Promise<BareServer> {
  const child = spawn(process.execPath, ["--import", "tsx", path.join(repoRoot, "bench", "bare-server.ts")], {
    cwd: repoRoot,
    env: { ...process.env, DATABASE_URL: databaseUrl, COMPANY_ID: String(companyId), PORT: "0", NODE_ENV: "production" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const exited = new Promise<void>((resolve) => child.on("exit", () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    let out = "";
    child.stdout!.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const match = out.match(/listening (\d+)/);
      if (match) resolve(Number(match[1]));
    });
    void exited.then(() => reject(new Error(`bare server exited early: ${out}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
