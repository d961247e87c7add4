import { migrate } from "@hireflow/db";
import { describeError } from "../cli/errors.ts";
import { openDatabase, reportMigrations, type DatabaseHandle } from "../database.ts";
import { nextEnvironment, spawnNext } from "./next.ts";
import { assertPortFree, portFromEnv } from "./port.ts";
import { Supervisor } from "./supervisor.ts";

export interface LaunchOptions {
  mode: "dev" | "start";
  log: (line: string) => void;
  /** Checks that must pass before anything is started. */
  preflight?(): void;
  /** After migrations, before Next: returns lines for the banner. */
  prepare?(database: DatabaseHandle): Promise<string[]>;
  /** Extra environment for Next, e.g. production settings. */
  env?(database: DatabaseHandle): Record<string, string | undefined>;
}

/**
 * The shared life of `npm run dev` and `npm start`: database (DATABASE_URL or embedded), migrations,
 * Next on PORT, and an orderly shutdown on Ctrl-C / SIGTERM or when Next exits.
 */
export async function launch(options: LaunchOptions): Promise<void> {
  const { log } = options;
  let supervisor: Supervisor | null = null;
  try {
    const port = portFromEnv();
    options.preflight?.();
    await assertPortFree(port);
    supervisor = new Supervisor(log);

    const database = await openDatabase(log);
    supervisor.adoptDatabase(database);
    log(`Database: ${database.description}`);
    reportMigrations(await migrate(database.url), log);
    const lines = (await options.prepare?.(database)) ?? [];

    const env = nextEnvironment(port, database.url, options.env?.(database));
    const rule = "─".repeat(72);
    for (const line of [rule, `Hireflow ${options.mode === "dev" ? "dev server" : "server"}: ${env.APP_BASE_URL}`, ...lines, "Stop with Ctrl-C: Next stops first, then the database.", rule]) {
      log(line);
    }
    supervisor.adoptChild(spawnNext(options.mode, port, env));
  } catch (error) {
    process.stderr.write(`[hireflow] error: ${describeError(error)}\n`);
    if (process.env.DEBUG && error instanceof Error) process.stderr.write(`${error.stack}\n`);
    if (supervisor) await supervisor.shutdown(1);
    process.exit(1);
  }
}
