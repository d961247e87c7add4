import type { TestProject } from "vitest/node";
import { createTestServer } from "./server.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** A migrated database created for this test run. */
    databaseUrl: string;
    /** The server's maintenance database, for tests that create databases of their own. */
    adminUrl: string;
    /** A migrated database nobody connects to: createDatabase({ migrate: true }) copies it. */
    templateDatabase: string;
  }
}

/**
 * One PostgreSQL for the whole run: TEST_DATABASE_URL, else the local server on 5432, else an
 * embedded server started here. The migrations run once, into a template; the run's database and every
 * file's own migrated database are copies of it (CREATE DATABASE … TEMPLATE), dropped afterwards.
 */
export default async function setup(project: TestProject) {
  const server = await createTestServer();
  const template = await server.createDatabase({ migrate: true });
  const database = await server.createDatabase({ template: template.name });
  project.provide("databaseUrl", database.url);
  project.provide("adminUrl", server.adminUrl);
  project.provide("templateDatabase", template.name);
  return async () => {
    await database.drop();
    await template.drop();
    await server.stop();
  };
}
