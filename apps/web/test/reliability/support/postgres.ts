import { rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { migrate } from "@hireflow/db";
import { runningServer, startEmbeddedPostgres } from "@hireflow/db/embedded";

/**
 * A PostgreSQL server of this test file's own (embedded, in a temp directory), so crashing it
 * disturbs no other suite. Unlike the ephemeral test clusters its data directory survives a stop:
 * `crash()` kills it the way a power cut would (immediate shutdown, WAL recovery on start) and
 * `start()` brings the same cluster back on the same port.
 */
export async function startRestartablePostgres() {
  const dataDirectory = path.join(os.tmpdir(), `hireflow-reliability-${process.pid}-${Date.now()}`);
  // Files run two at a time (vitest.reliability.config.ts): each worker looks for a port from a range of
  // its own, or two clusters initialising at once could both pick the first free one.
  const options = { dataDirectory, database: "reliability", port: 55400 + 100 * Number(process.env.VITEST_POOL_ID ?? 0) };
  let server = await startEmbeddedPostgres(options);
  const url = server.url;
  const port = Number(new URL(url).port);
  await migrate(url);

  const waitUntil = async (condition: () => boolean, what: string) => {
    const deadline = Date.now() + 30_000;
    while (!condition()) {
      if (Date.now() > deadline) throw new Error(`PostgreSQL did not ${what} within 30 s`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  };

  return {
    url,
    /** SIGQUIT to the postmaster: immediate shutdown, no checkpoint; every connection drops at once. */
    async crash(): Promise<void> {
      const running = runningServer(dataDirectory);
      if (!running) throw new Error("PostgreSQL is not running");
      process.kill(running.pid, "SIGQUIT");
      await waitUntil(() => runningServer(dataDirectory) === null, "stop");
    },
    async start(): Promise<void> {
      server = await startEmbeddedPostgres({ ...options, port });
      if (server.url !== url) throw new Error(`PostgreSQL came back on ${server.url}, not ${url}`);
    },
    async stop(): Promise<void> {
      const running = runningServer(dataDirectory);
      if (running) {
        process.kill(running.pid, "SIGINT");
        await waitUntil(() => runningServer(dataDirectory) === null, "stop");
      }
      await rm(dataDirectory, { recursive: true, force: true });
    },
  };
}

export type RestartablePostgres = Awaited<ReturnType<typeof startRestartablePostgres>>;
