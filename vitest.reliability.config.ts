import path from "node:path";
import { defineConfig } from "vitest/config";

/**
 * `npm run test:reliability`: the long fault-injection runs (database crash under load, receiver
 * outage, killed server). Each file starts its own PostgreSQL, so it never touches the database of
 * `npm test` nor another file's, and two files run side by side: much of a fault-injection test is
 * waiting (a server starting, a lease running out), which left a core idle when they ran one at a time.
 * Files are named *.reliability.ts so `npm test` skips them.
 */
export default defineConfig({
  // The SDK's tests run its source; packages/sdk/test/package.test.ts checks the built package.
  resolve: { alias: { "@": path.resolve(import.meta.dirname, "apps/web/src"), "@hireflow/sdk": path.resolve(import.meta.dirname, "packages/sdk/src/index.ts") } },
  test: {
    include: ["apps/web/test/reliability/**/*.reliability.ts"],
    setupFiles: ["apps/web/test/reliability/support/setup-env.ts"],
    testTimeout: 180_000,
    hookTimeout: 120_000,
    pool: "forks",
    maxWorkers: 2,
    reporters: process.env.CI ? ["default", "junit"] : ["default"],
    outputFile: { junit: "test-results/vitest-reliability-junit.xml" },
  },
});
