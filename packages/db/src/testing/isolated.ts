import { afterAll, beforeAll, inject } from "vitest";
import { createDatabase, type TestDatabase } from "./server.ts";
// Brings in the ProvidedContext augmentation that types inject("adminUrl"), for packages whose
// tsconfig does not include global-setup.ts itself.
import type {} from "./global-setup.ts";

/**
 * A migrated database of this test file's own. Files whose code under test sweeps whole tables
 * (the outbox publisher, delivery and resume sweepers) use it so they never pick up rows another
 * file, running in parallel, is waiting for. Call at the top level of the file.
 */
export function useIsolatedDatabase(): { url: () => string } {
  let database: TestDatabase | undefined;
  const shared = process.env.DATABASE_URL;
  beforeAll(async () => {
    database = await createDatabase(inject("adminUrl"), { migrate: true });
    process.env.DATABASE_URL = database.url;
  });
  afterAll(async () => {
    const { getPrisma } = await import("../client.ts");
    await getPrisma().$disconnect();
    process.env.DATABASE_URL = shared;
    await database?.drop();
  });
  return { url: () => database!.url };
}
