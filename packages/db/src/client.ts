import { PrismaPg } from "@prisma/adapter-pg";
import type pg from "pg";
import { PrismaClient } from "./generated/prisma/client.ts";
import { createPool } from "./pool.ts";

export { PrismaClient };
export type { Prisma } from "./generated/prisma/client.ts";

export interface CreatePrismaOptions {
  /** Connections in this process's pool. Serverless instances want few; a long-lived server more. */
  max?: number;
}

// The pg pool under each client: the few hot reads that measured several times cheaper as one typed
// SQL statement than through Prisma (services/candidate-read.ts, docs/BENCHMARKS.md) share it. On the
// client under a global symbol, not in a module's map: a build holds several copies of this module,
// and the process-wide client (getPrisma) is made by whichever copy asked first.
const POOL = Symbol.for("hireflow.pgPool");
const BACKGROUND_POOL = Symbol.for("hireflow.backgroundPgPool");

export function createPrismaClient(databaseUrl: string, options: CreatePrismaOptions = {}): PrismaClient {
  const pool = createPool({
    connectionString: databaseUrl,
    max: options.max ?? Number(process.env.DATABASE_POOL_SIZE ?? 10),
    // Fail a request quickly instead of queueing forever when the database is down.
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
  });
  const adapter = new PrismaPg(pool, { disposeExternalPool: true });
  // Prisma's defaults (2 s to start, 5 s to finish an interactive transaction) close short
  // transactions under CPU starvation (a 2-core machine parsing resumes while under load).
  const client = new PrismaClient({ adapter, transactionOptions: { maxWait: 10_000, timeout: 20_000 } });
  Object.defineProperty(client, POOL, { value: pool });
  // A bulkhead for background work (the outbox publisher, webhook delivery): with every request
  // connection busy — an API burst holds all of them, a queue of others waiting — a delivery's
  // statements would wait behind that queue each time, and webhooks fall behind the API that causes
  // them (docs/BENCHMARKS.md, webhooks). pg opens nothing until the first query, and idle
  // connections neither outlive 10 s nor keep the process alive.
  const background = createPool({
    connectionString: databaseUrl,
    max: Number(process.env.DATABASE_BACKGROUND_POOL_SIZE ?? 4),
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 10_000,
    allowExitOnIdle: true,
  });
  // A background query that failed on an idle connection (the server restarted) must not crash the process.
  background.on("error", () => {});
  Object.defineProperty(client, BACKGROUND_POOL, { value: background });
  return client;
}

/** The background-work pool of a client made by createPrismaClient (see there). */
export function backgroundPoolOf(client: PrismaClient): pg.Pool {
  const pool = (client as unknown as { [BACKGROUND_POOL]?: pg.Pool })[BACKGROUND_POOL];
  if (!pool) throw new Error("Not a client of createPrismaClient");
  return pool;
}

/** The pg pool of a client made by createPrismaClient (the same connections, the same limit). */
export function poolOf(client: PrismaClient): pg.Pool {
  const pool = (client as unknown as { [POOL]?: pg.Pool })[POOL];
  if (!pool) throw new Error("Not a client of createPrismaClient");
  return pool;
}

type Cached = { client: PrismaClient; klass: typeof PrismaClient; url: string };
const globalForPrisma = globalThis as unknown as { __hireflowPrisma?: Cached };

/**
 * The process-wide client. Cached on globalThis together with its class so that `next dev`
 * hot reloads reuse one pool, yet a regenerated client (a new class) replaces the stale one.
 *
 * In production the class is not compared: a Next build bundles this module more than once
 * (instrumentation and the route handlers are separate bundles, each with its own copy of the
 * same generated class), and comparing classes made the copies replace, and $disconnect, each
 * other's client on every alternation — new pools, new connections and "Cannot use a pool after
 * calling end" failures under load (docs/BENCHMARKS.md). Nothing is regenerated in production.
 */
export function getPrisma(): PrismaClient {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error("DATABASE_URL is not set");
  const cached = globalForPrisma.__hireflowPrisma;
  const sameClass = cached?.klass === PrismaClient || process.env.NODE_ENV === "production";
  if (cached && sameClass && cached.url === url) return cached.client;
  if (cached) void cached.client.$disconnect();
  const client = createPrismaClient(url);
  globalForPrisma.__hireflowPrisma = { client, klass: PrismaClient, url };
  return client;
}
