import { type CreateJobInput } from "@hireflow/core";
import { afterAll, beforeAll } from "vitest";
import { startApp } from "./app.ts";
import { apiClient, type ApiClient } from "./client.ts";
import { createTestCompany, type TestCompany } from "./fixtures.ts";

/**
 * The app on a real socket, one company (API key and one job, shaped by `job`) and a client with
 * that company's key, for a whole test file: started in beforeAll, closed in afterAll.
 *
 * Call it after hooks it depends on (useIsolatedDatabase) and before hooks that use it. Its fields
 * are getters because they exist only once beforeAll has run: read them inside tests and hooks, and
 * do not destructure the result at the top of a file.
 */
export function useApiApp(job: Partial<CreateJobInput> = {}) {
  let server: Awaited<ReturnType<typeof startApp>> | undefined;
  let acme: TestCompany | undefined;
  let api: ApiClient | undefined;
  beforeAll(async () => {
    server = await startApp();
    acme = await createTestCompany(job);
    api = apiClient(server.url, acme);
  });
  afterAll(() => server?.close());

  const ready = <T>(value: T | undefined, name: string): T => {
    if (value === undefined) throw new Error(`useApiApp: ${name} is set in beforeAll; read it inside a test or hook`);
    return value;
  };
  return {
    /** Base URL of the running app (http://127.0.0.1:<port>). */
    get url() {
      return ready(server, "url").url;
    },
    /** The file's company. */
    get acme() {
      return ready(acme, "acme");
    },
    /** A client of /api/v1 with acme's API key. */
    get api() {
      return ready(api, "api");
    },
  };
}
