import path from "node:path";
import { defineConfig } from "vitest/config";

/**
 * `npm run test:build`: the API suites again, against the production build (`next build`, then
 * the production server `npm start` runs on the run's database: one shared by the files, or a file's own
 * when it needs an environment of its own) instead of the route modules. startApp() and
 * the hardening suites' app helpers switch on HIREFLOW_TEST_TARGET=build. Files whose subject only
 * exists inside the test process (a storage driver or log sink swapped in-process, a pure function)
 * are not listed: they test the same code in `npm test`. docs/RELIABILITY.md names them.
 */
export default defineConfig({
  // The SDK's tests run its source; packages/sdk/test/package.test.ts checks the built package.
  resolve: { alias: { "@": path.resolve(import.meta.dirname, "apps/web/src"), "@hireflow/sdk": path.resolve(import.meta.dirname, "packages/sdk/src/index.ts") } },
  test: {
    include: [
      "apps/web/test/api/**/*.test.ts",
      "apps/web/test/sdk/**/*.test.ts",
      "apps/web/test/hardening/fuzz.test.ts",
      "apps/web/test/hardening/mcp-fuzz.test.ts",
      "apps/web/test/hardening/hostile-input.test.ts",
      "apps/web/test/hardening/body-limits.test.ts",
      "apps/web/test/hardening/security-headers.test.ts",
      "apps/web/test/hardening/tenant-isolation.test.ts",
      "apps/web/test/hardening/trpc-tenant-isolation.test.ts",
      "apps/web/test/hardening/trpc-fuzz.test.ts",
      "apps/web/test/hardening/routes-fuzz-*.test.ts",
      "apps/web/test/hardening/routes-cross-tenant.test.ts",
      "apps/web/test/hardening/secrets-and-errors.test.ts",
    ],
    // The run's database, and one production server on it that the files share (helpers/app.ts).
    globalSetup: ["apps/web/test/helpers/shared-built-server.global.ts"],
    setupFiles: ["packages/db/src/testing/setup-env.ts", "apps/web/test/helpers/build-target.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: "forks",
    reporters: process.env.CI ? ["default", "junit"] : ["default"],
    outputFile: { junit: "test-results/vitest-build-junit.xml" },
  },
});
