import path from "node:path";
import { parseArgs } from "node:util";
import { logger } from "@hireflow/core";
import { startApiKeyCache } from "@hireflow/core/identity/api-key-cache";
import { startJobStageCache } from "@hireflow/core/pipeline/stage-cache";
import next from "next";
import { createHireflowServer } from "./server.ts";

const SHUTDOWN_GRACE_MS = 8_000;
/** How long after the grace period a stop may take to close the pools before the process exits anyway. */
const SHUTDOWN_EXIT_AFTER_MS = 10_000;

/**
 * The self-hosted production server (`npm start`, started through apps/web/server.mjs): Next's
 * production build behind our own node:http server, which answers /api/v1 without Next. Next's
 * instrumentation hook starts the background work, as under `next start`.
 */
export async function main(argv = process.argv.slice(2)): Promise<void> {
  const { values } = parseArgs({ args: argv, options: { port: { type: "string" }, hostname: { type: "string" } } });
  const port = Number(values.port ?? process.env.PORT ?? 3000);
  const hostname = values.hostname;
  const dir = path.resolve(import.meta.dirname, "../../..");

  const app = next({ dev: false, dir, hostname: hostname ?? "localhost", port, customServer: true });
  const nextHandler = app.getRequestHandler();
  await app.prepare();
  // API keys verified once are kept in this process, dropped at once by NOTIFY from PostgreSQL when a key changes.
  const keyCache = process.env.DATABASE_URL ? startApiKeyCache(process.env.DATABASE_URL) : null;
  // So are the jobs' stages, which name every candidate's stage in the hot reads.
  const stageCache = process.env.DATABASE_URL ? startJobStageCache(process.env.DATABASE_URL) : null;

  const server = createHireflowServer({
    next: (req, res) => nextHandler(req, res),
    fallbackHost: `localhost:${port}`,
    production: process.env.NODE_ENV === "production",
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, hostname, () => resolve());
  });
  logger.info("server listening", { port, hostname: hostname ?? "(all interfaces)", api: "node:http", pages: "next" });

  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info("shutting down", { signal });
    // A stop that cannot finish (the database gone, so closing the pools and the key cache's
    // listener never returns) must not leave the process running: test runs found such servers still
    // spinning an hour after their run ended. Not holding the event loop open itself.
    setTimeout(() => {
      logger.error("shutdown did not finish; exiting", { signal, after_ms: SHUTDOWN_GRACE_MS + SHUTDOWN_EXIT_AFTER_MS });
      process.exit(1);
    }, SHUTDOWN_GRACE_MS + SHUTDOWN_EXIT_AFTER_MS).unref();
    // No new connections; idle keep-alive ones close now, busy ones when their response is sent.
    server.close();
    server.closeIdleConnections();
    const timer = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS);
    await new Promise<void>((resolve) => server.once("close", () => resolve()));
    clearTimeout(timer);
    await Promise.all([keyCache?.stop(), stageCache?.stop()]);
    await app.close();
    process.exit(0);
  };
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, (s) => void stop(s));
}
