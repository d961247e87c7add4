import { existsSync } from "node:fs";
import { chmod, mkdtemp, rm } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { canConnect, runningServer, startEmbeddedPostgres, type EmbeddedDatabase } from "@hireflow/db/embedded";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { onlyJson, runScript } from "./helpers.ts";

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

describe("admin CLI on the embedded database (no DATABASE_URL)", { timeout: 180_000 }, () => {
  let dir: string;
  let dataDirectory: string;
  let port: number;
  let server: EmbeddedDatabase | undefined;
  let env: NodeJS.ProcessEnv;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "hireflow-admin-test-"));
    // As root, PostgreSQL runs as the postgres user, which must be able to enter the directory.
    await chmod(dir, 0o755);
    dataDirectory = path.join(dir, "postgres");
    port = await freePort();
    const { DATABASE_URL: _unused, ...rest } = process.env;
    env = { ...rest, HIREFLOW_DATA_DIR: dir, EMBEDDED_PG_DIR: dataDirectory, EMBEDDED_PG_PORT: String(port) };
  });
  afterAll(async () => {
    await server?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it("starts the server, migrates, runs the command and stops the server it started", async () => {
    const result = await runScript("admin", ["company:create", "--name", "Embedded Co", "--json"], env);
    const out = onlyJson(result) as { company: { id: number; slug: string }; apiKey: string };
    expect(out.company).toMatchObject({ id: 1, slug: "embedded-co" });
    expect(result.stderr).toContain("Stopped the embedded PostgreSQL");
    expect(existsSync(path.join(dataDirectory, "PG_VERSION"))).toBe(true);
    expect(existsSync(path.join(dataDirectory, "postmaster.pid"))).toBe(false);
    expect(runningServer(dataDirectory)).toBeNull();
  });

  it("reuses a server another process runs on the data directory and leaves it running", async () => {
    server = await startEmbeddedPostgres({ dataDirectory, port });
    expect(server.owned).toBe(true);
    const result = await runScript("admin", ["company:create", "--name", "Embedded Co", "--json"], env);
    const out = onlyJson(result) as { company: { id: number; slug: string } };
    // The data of the first run is there: same cluster, second company.
    expect(out.company).toMatchObject({ slug: "embedded-co-2" });
    expect(result.stderr).toContain("Reusing the embedded PostgreSQL");
    expect(result.stderr).not.toContain("Stopped the embedded PostgreSQL");
    expect(runningServer(dataDirectory)).not.toBeNull();
    expect(await canConnect(server.url)).toBe(true);
  });
});
