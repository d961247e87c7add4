import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { getPrisma } from "@hireflow/db";
import { afterAll, afterEach, beforeAll } from "vitest";
import { type ServerProcess, startServerProcess } from "./child.ts";
import { type RestartablePostgres, startRestartablePostgres } from "./postgres.ts";

/**
 * Server processes (API + background work, as `npm start` runs them) on a PostgreSQL of this file's own,
 * sharing one data folder: `start(env)` starts one with DATABASE_URL and HIREFLOW_DATA_DIR set, plus
 * `baseEnv` and `env`. The processes a test started are killed after it (or, with `killAfter: "file"`,
 * after the file). Registers its own hooks; read `pg` and `dataDir` inside tests.
 */
export function useServerProcesses(options: { baseEnv?: Record<string, string>; killAfter?: "test" | "file" } = {}) {
  let pg: RestartablePostgres | undefined;
  let dataDir: string | undefined;
  const servers: ServerProcess[] = [];
  const killAll = () => Promise.all(servers.splice(0).map((s) => s.kill()));

  beforeAll(async () => {
    pg = await startRestartablePostgres();
    process.env.DATABASE_URL = pg.url;
    dataDir = await mkdtemp(path.join(os.tmpdir(), "hireflow-reliability-data-"));
  });
  if (options.killAfter !== "file") afterEach(killAll);
  afterAll(async () => {
    await killAll();
    await getPrisma().$disconnect();
    await pg?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  const started = <T>(value: T | undefined, name: string): T => {
    if (value === undefined) throw new Error(`${name} is read before beforeAll has run`);
    return value;
  };
  return {
    get pg() {
      return started(pg, "pg");
    },
    async start(env: Record<string, string> = {}): Promise<ServerProcess> {
      const server = await startServerProcess({ DATABASE_URL: started(pg, "pg").url, HIREFLOW_DATA_DIR: started(dataDir, "dataDir"), ...options.baseEnv, ...env });
      servers.push(server);
      return server;
    },
  };
}
