import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "./generated/prisma/client.ts";

export { PrismaClient };
export type { Prisma } from "./generated/prisma/client.ts";

export interface CreatePrismaOptions {
  /** Connections in this process's pool. Serverless instances want few; a long-lived server more. */
  max?: number;
}

export function createPrismaClient(databaseUrl: string, options: CreatePrismaOptions = {}): PrismaClient {
  const adapter = new PrismaPg({
    connectionString: databaseUrl,
    max: options.max ?? Number(process.env.DATABASE_POOL_SIZE ?? 10),
    // Fail a request quickly instead of queueing forever when the database is down.
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
  });
  return new PrismaClient({ adapter });
}

type Cached = { client: PrismaClient; klass: typeof PrismaClient; url: string };
const globalForPrisma = globalThis as unknown as { __hireflowPrisma?: Cached };

/**
 * The process-wide client. Cached on globalThis together with its class so that `next dev`
 * hot reloads reuse one pool, yet a regenerated client (a new class) replaces the stale one.
 */
export function getPrisma(): PrismaClient {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error("DATABASE_URL is not set");
  const cached = globalForPrisma.__hireflowPrisma;
  if (cached && cached.klass === PrismaClient && cached.url === url) return cached.client;
  if (cached) void cached.client.$disconnect();
  const client = createPrismaClient(url);
  globalForPrisma.__hireflowPrisma = { client, klass: PrismaClient, url };
  return client;
}
