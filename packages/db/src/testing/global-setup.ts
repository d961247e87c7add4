import type { TestProject } from "vitest/node";
import { createTestServer } from "./server.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** A migrated database created for this test run. */
    databaseUrl: string;
    /** The server's maintenance database, for tests that create databases of their own. */
    adminUrl: string;
  }
}

/**
 * One PostgreSQL for the whole run: TEST_DATABASE_URL, else the local server on 5432, else an
 * embedded server started here. A fresh migrated database is created and dropped afterwards.
 */
export default async function setup(project: TestProject) {
  const server = await createTestServer();
  const database = await server.createDatabase({ migrate: true });
  project.provide("databaseUrl", database.url);
  project.provide("adminUrl", server.adminUrl);
  return async () => {
    await database.drop();
    await server.stop();
  };
}
