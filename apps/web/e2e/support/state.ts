import { readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3210);

/**
 * The shard this Playwright process runs (e2e/support/run.ts starts one per shard, each with its own
 * port, server and seeded database); "" when the suite runs in one process.
 */
export const E2E_SHARD = process.env.E2E_SHARD ?? "";

/** E2E_DEV=1: the suite runs against `next dev` (server.ts) instead of a production build. */
export const E2E_DEV = process.env.E2E_DEV === "1";

/** The folder Next builds into (or, under E2E_DEV, compiles into): never a developer's own `.next` unless asked. */
export const E2E_DIST_DIR = process.env.E2E_NEXT_DIST_DIR || (E2E_DEV ? ".next-e2e-dev" : ".next-e2e");

/** The signed-in owner's browser state (auth.setup.ts), one per server: a session belongs to its database. */
export const ADMIN_STATE = `e2e/.auth/admin-${E2E_PORT}.json`;

/** Where the e2e server tells the tests which database it created (per port). */
export function stateFile(port = E2E_PORT): string {
  return path.join(tmpdir(), `hireflow-e2e-${port}.json`);
}

export function readState(): { databaseUrl: string; baseUrl: string } {
  return JSON.parse(readFileSync(stateFile(), "utf8")) as { databaseUrl: string; baseUrl: string };
}
