import pg from "pg";
import { createTestServer, type TestDatabase, type TestServer } from "@hireflow/db/testing/server";

/**
 * The benchmark's own database: TEST_DATABASE_URL, else the local server on 127.0.0.1:5432, else an
 * embedded PostgreSQL (the test suite's helper). Created and migrated here, dropped by `close()`.
 */
export interface BenchDatabase {
  url: string;
  name: string;
  embedded: boolean;
  adminUrl: string;
  close(): Promise<void>;
}

export async function createBenchDatabase(): Promise<BenchDatabase> {
  const server: TestServer = await createTestServer();
  let database: TestDatabase;
  try {
    database = await server.createDatabase({ migrate: true });
  } catch (error) {
    await server.stop();
    throw error;
  }
  let closed = false;
  return {
    url: database.url,
    name: database.name,
    embedded: server.embedded,
    adminUrl: server.adminUrl,
    async close() {
      if (closed) return;
      closed = true;
      try {
        await database.drop();
      } finally {
        await server.stop();
      }
    },
  };
}

export async function serverVersion(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ server_version: string }>("SHOW server_version");
    return rows[0]!.server_version;
  } finally {
    await client.end();
  }
}
