import path from "node:path";
import { defineConfig } from "vitest/config";

/**
 * `npm run test:reliability`: the long fault-injection runs (database crash under load, receiver
 * outage, killed server). Each file starts its own PostgreSQL, so the files run one at a time and
 * never touch the database of `npm test`. Files are named *.reliability.ts so `npm test` skips them.
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
    fileParallelism: false,
    reporters: process.env.CI ? ["default", "junit"] : ["default"],
    outputFile: { junit: "test-results/vitest-reliability-junit.xml" },
  },
});
