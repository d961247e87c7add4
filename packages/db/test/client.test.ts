import { afterAll, describe, expect, it, vi } from "vitest";
import type * as ClientModule from "../src/client.ts";

/**
 * getPrisma() with two copies of this package in one process, as a Next app has (instrumentation and
 * the route handlers are separate bundles). Under `npm run dev` the copies used to replace and
 * disconnect each other's client whenever the other asked for one, so a careers application's
 * transaction died half-way ("Transaction not found", "Cannot use a pool after calling end").
 */
type DbModule = typeof ClientModule;
const copies: DbModule[] = [];
async function freshCopy(): Promise<DbModule> {
  vi.resetModules();
  const copy = await import("../src/client.ts");
  copies.push(copy);
  return copy;
}

afterAll(async () => {
  const seen = new Set<unknown>();
  for (const copy of copies) {
    const client = copy.getPrisma();
    if (seen.has(client)) continue;
    seen.add(client);
    await client.$disconnect();
  }
});

describe("getPrisma with two copies of the generated client", () => {
  it("each copy keeps its client: a transaction of one survives the other asking for its own", async () => {
    const routes = await freshCopy();
    const background = await freshCopy();
    expect(routes.PrismaClient).not.toBe(background.PrismaClient);

    const routesClient = routes.getPrisma();
    const answer = await routesClient.$transaction(async (tx) => {
      await tx.$queryRaw`SELECT 1`;
      // The other bundle asks for its client in the middle of this transaction (the background
      // runner picking up work while a request is being served).
      await background.getPrisma().$queryRaw`SELECT 1`;
      const [row] = await tx.$queryRaw<{ n: number }[]>`SELECT 2 AS n`;
      return row!.n;
    });
    expect(answer).toBe(2);

    // And again, alternating: no copy is handed a new client, none is disconnected.
    expect(routes.getPrisma()).toBe(routesClient);
    const backgroundClient = background.getPrisma();
    expect(routes.getPrisma()).toBe(routesClient);
    expect(background.getPrisma()).toBe(backgroundClient);
    await expect(routesClient.$queryRaw`SELECT 1`).resolves.toBeDefined();
    await expect(backgroundClient.$queryRaw`SELECT 1`).resolves.toBeDefined();
  });

  it("a copy is given a new client when DATABASE_URL changes (tests switch databases)", async () => {
    const copy = await freshCopy();
    const first = copy.getPrisma();
    const previous = process.env.DATABASE_URL!;
    const other = new URL(previous);
    other.searchParams.set("application_name", "client-test");
    process.env.DATABASE_URL = other.toString();
    try {
      const second = copy.getPrisma();
      expect(second).not.toBe(first);
      await expect(second.$queryRaw`SELECT 1`).resolves.toBeDefined();
      await second.$disconnect();
    } finally {
      process.env.DATABASE_URL = previous;
    }
  });
});
