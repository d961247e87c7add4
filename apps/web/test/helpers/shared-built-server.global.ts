import { createWriteStream } from "node:fs";
import { mkdir } from "node:fs/promises";
import path from "node:path";
import type { TestProject } from "vitest/node";
import setupDatabase from "@hireflow/db/testing/global-setup";
import { startBuiltServer } from "./built-server.ts";
import { applyBuildTargetDefaults, serverEnvironmentFingerprint } from "./server-env.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /**
     * The production server test:build starts once for the run (its URL), and the fingerprint of the
     * environment it was started with: startApp() uses it when the file's environment is the same.
     */
    sharedBuiltServer: { url: string; fingerprint: string };
  }
}

/**
 * The build project's global setup: the run's database (as in `npm test`), then one production server on it
 * that every file whose environment matches shares. A `next start` per file cost ~5 s of CPU each,
 * about a quarter of the suite; a file that sets variables of its own before startApp() still gets
 * a server of its own (helpers/app.ts), so sharing never changes what a file tests.
 */
export default async function setup(project: TestProject) {
  const teardownDatabase = await setupDatabase(project);
  // The environment the test files get (setup-env.ts, build-target.ts), so their fingerprint matches.
  // A copy: the other project's workers are forked from this process and must not inherit it.
  const provided = project.getProvidedContext();
  const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: provided.databaseUrl, HIREFLOW_TEST_TEMPLATE_DATABASE: provided.templateDatabase };
  applyBuildTargetDefaults(env);
  const logDir = path.resolve(import.meta.dirname, "../../../../test-results");
  await mkdir(logDir, { recursive: true });
  const log = createWriteStream(path.join(logDir, "shared-built-server.log"));
  const server = await startBuiltServer({}, { onOutput: (text) => log.write(text), env });
  project.provide("sharedBuiltServer", { url: server.url, fingerprint: serverEnvironmentFingerprint(env) });
  return async () => {
    await server.close();
    log.end();
    await teardownDatabase();
  };
}
