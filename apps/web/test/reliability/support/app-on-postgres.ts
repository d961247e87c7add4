import { setLogSink } from "@hireflow/core";
import { getPrisma } from "@hireflow/db";
import { afterAll, beforeAll } from "vitest";
import { startApp } from "../../helpers/app.ts";
import { type RestartablePostgres, startRestartablePostgres } from "./postgres.ts";

/**
 * The app's routes on a PostgreSQL of this file's own (so a test may crash it), with the log lines
 * kept for assertions instead of flooding the output. `env` is set before the app starts.
 * Registers its own beforeAll/afterAll; read `pg` and `url` inside tests.
 */
export function useAppOnOwnPostgres(env: Record<string, string> = {}) {
  let pg: RestartablePostgres | undefined;
  let app: Awaited<ReturnType<typeof startApp>> | undefined;
  const logLines: string[] = [];
  let restoreLogs: (() => void) | undefined;

  beforeAll(async () => {
    restoreLogs = setLogSink((line) => logLines.push(line));
    pg = await startRestartablePostgres();
    process.env.DATABASE_URL = pg.url;
    Object.assign(process.env, env);
    app = await startApp();
  });
  afterAll(async () => {
    restoreLogs?.();
    await app?.close();
    await getPrisma().$disconnect();
    await pg?.stop();
  });

  const started = <T>(value: T | undefined, name: string): T => {
    if (value === undefined) throw new Error(`${name} is read before beforeAll has run`);
    return value;
  };
  return {
    logLines,
    get pg() {
      return started(pg, "pg");
    },
    get url() {
      return started(app, "app").url;
    },
  };
}
