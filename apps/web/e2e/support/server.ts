/**
 * The e2e web server (Playwright's webServer command): a fresh database on the test PostgreSQL
 * (TEST_DATABASE_URL, else 127.0.0.1:5432, else an embedded one), migrated and seeded with the demo
 * tenant; a production build of the app in its own folder (.next-e2e, so a developer's `.next` and
 * other builds are left alone); then the production server `npm start` runs against that database. On SIGTERM/SIGINT it
 * stops the server and drops the database.
 *
 *   PLAYWRIGHT_SKIP_BUILD=1   reuse an existing build (in .next-e2e, or E2E_NEXT_DIST_DIR)
 *   E2E_NEXT_DIST_DIR=.next   the build folder (CI runs the build it just made and tested: .next)
 *   E2E_DEV=1                 `next dev` instead (what `npm run dev` serves; no build): to walk specs on the development
 *                             server, e.g. `E2E_DEV=1 npm run test:e2e -- e2e/phone-width.spec.ts` (pages compile on first use)
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { seedDemo } from "@hireflow/admin/seed";
import { productionServerScript, spawnNext } from "@hireflow/admin/server/next";
import { createPrismaClient } from "@hireflow/db";
import { createTestServer } from "@hireflow/db/testing/server";
import { E2E_DEV as dev, E2E_DIST_DIR as distDir, stateFile } from "./state.ts";

const webDir = path.resolve(import.meta.dirname, "../..");
const nextBin = path.resolve(webDir, "../../node_modules/next/dist/bin/next");
const port = Number(process.env.E2E_PORT ?? 3210);
const baseUrl = `http://localhost:${port}`;
const log = (line: string) => process.stdout.write(`[e2e-server] ${line}\n`);

const server = await createTestServer();
const database = await server.createDatabase({ migrate: true });
const dataDir = mkdtempSync(path.join(tmpdir(), "hireflow-e2e-"));
log(`database ${database.name}${server.embedded ? " (embedded PostgreSQL)" : ""}; data in ${dataDir}`);

let child: ChildProcess | null = null;
let stopping = false;
async function stop(code: number) {
  if (stopping) return;
  stopping = true;
  if (child && child.exitCode === null) {
    child.kill("SIGTERM");
    await new Promise((resolve) => {
      const timer = setTimeout(() => {
        child?.kill("SIGKILL");
        resolve(null);
      }, 5_000);
      child!.once("exit", () => {
        clearTimeout(timer);
        resolve(null);
      });
    });
  }
  await database.drop().catch((error) => log(`could not drop ${database.name}: ${String(error)}`));
  await server.stop().catch(() => {});
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(stateFile(port), { force: true });
  log(`stopped; dropped ${database.name}`);
  process.exit(code);
}
process.on("SIGTERM", () => void stop(0));
process.on("SIGINT", () => void stop(0));

try {
  const prisma = createPrismaClient(database.url, { max: 2 });
  const seed = await seedDemo(prisma);
  await prisma.$disconnect();
  log(`seeded ${seed.company.name} (${JSON.stringify(seed.counts)})`);

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: dev ? "development" : "production",
    NEXT_TELEMETRY_DISABLED: "1",
    NEXT_DIST_DIR: distDir,
    DATABASE_URL: database.url,
    APP_BASE_URL: baseUrl,
    PORT: String(port),
    SECRET_KEY: "e2e-secret-key-e2e-secret-key-0123456789abcdef",
    HIREFLOW_DATA_DIR: dataDir,
    // The tests' webhook receiver listens on 127.0.0.1 over http.
    WEBHOOKS_ALLOW_PRIVATE_URLS: "true",
    // Re-running the suite against a running server (reuseExistingServer) must not trip the
    // sign-in and application limits; the limits themselves are tested in apps/web/test. The
    // per-e-mail sign-in limit is the real one (10): it counts failed attempts only, so the suite's
    // correct sign-ins never trip it, and first-week.spec.ts checks that more than ten in a row pass.
    HIREFLOW_SIGNIN_LIMIT_PER_EMAIL: "10",
    HIREFLOW_SIGNIN_LIMIT_PER_IP: "1000",
    HIREFLOW_APPLY_LIMIT_PER_IP: "1000",
  };
  writeFileSync(stateFile(port), JSON.stringify({ databaseUrl: database.url, baseUrl }));

  if (!dev && process.env.PLAYWRIGHT_SKIP_BUILD !== "1") {
    log(`building (next build → ${distDir})`);
    const build = spawnSync(process.execPath, [nextBin, "build"], { cwd: webDir, env, stdio: "inherit" });
    if (build.status !== 0) throw new Error(`next build failed (exit ${build.status})`);
  }

  log(`starting ${dev ? "next dev (as npm run dev does)" : "the production server (as npm start does)"} on ${baseUrl}`);
  child = dev
    ? spawnNext("dev", port, env)
    : spawn(process.execPath, [productionServerScript, "--port", String(port), "--hostname", "127.0.0.1"], { cwd: webDir, env, stdio: "inherit" });
  child.on("exit", (code) => {
    if (!stopping) {
      log(`the server exited (${code})`);
      void stop(1);
    }
  });
} catch (error) {
  log(`failed: ${error instanceof Error ? error.stack : String(error)}`);
  await stop(1);
}
