import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  // apps/web imports its own modules as "@/…" (tsconfig paths); tests import the same route files.
  // The SDK's tests run its source; packages/sdk/test/package.test.ts checks the built package.
  resolve: { alias: { "@": path.resolve(import.meta.dirname, "apps/web/src"), "@hireflow/sdk": path.resolve(import.meta.dirname, "packages/sdk/src/index.ts") } },
  test: {
    include: ["packages/*/test/**/*.test.ts", "apps/web/test/**/*.test.ts"],
    globalSetup: ["packages/db/src/testing/global-setup.ts"],
    setupFiles: ["packages/db/src/testing/setup-env.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    reporters: process.env.CI ? ["default", "junit"] : ["default"],
    outputFile: { junit: "test-results/vitest-junit.xml" },
  },
});
