import { existsSync } from "node:fs";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { ADMIN_STATE, E2E_DEV, E2E_PORT, E2E_SHARD } from "./e2e/support/state.ts";

/**
 * End-to-end tests against a production build (`next build` + `next start`) on a fresh, seeded
 * database, in Debian's Chromium (never a downloaded browser). e2e/support/server.ts creates and
 * drops the database and builds into .next-e2e. Set PLAYWRIGHT_SKIP_BUILD=1 to reuse that build.
 * `npm run test:e2e` (e2e/support/run.ts) runs two of these side by side, each on a share of the spec files
 * (--shard) with a server and database of its own (E2E_PORT, E2E_SHARD).
 */
/**
 * Chromium's headless shell (Debian's chromium-headless-shell: the same Blink and V8, without the desktop
 * browser around them — what Playwright itself runs headless) when installed: the accessibility spec alone
 * took 176 CPU-s and 134 s with the full browser, 107 CPU-s and 100 s with the shell. Else the full browser.
 */
function chromiumPath(): string {
  const shell = "/usr/bin/chromium-headless-shell";
  return existsSync(shell) ? shell : "/usr/bin/chromium";
}

const shardSuffix = E2E_SHARD ? `-${E2E_SHARD}` : "";
const baseURL = `http://localhost:${E2E_PORT}`;
const repoRoot = path.resolve(import.meta.dirname, "../..");

export default defineConfig({
  testDir: "./e2e",
  // The specs of a shard share one seeded company and watch its events: one worker, in file order.
  workers: 1,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  // Under `next dev` (E2E_DEV=1) each page compiles on its first visit, ~20 s apiece on two cores.
  timeout: E2E_DEV ? 300_000 : 90_000,
  expect: { timeout: E2E_DEV ? 90_000 : 15_000 },
  reporter: process.env.CI ? [["list"], ["junit", { outputFile: `../../test-results/e2e${shardSuffix}-junit.xml` }]] : [["list"]],
  // Playwright empties its output folder when it starts: one per shard (screenshots.ts writes beside them).
  outputDir: `../../test-results/e2e/output${shardSuffix}`,
  use: {
    baseURL,
    // A trace records every action's DOM and a screencast: about 40 % of Chromium's CPU in the accessibility
    // spec, on a CI machine whose two cores both shards share, and CI's clean clone is gone before anyone opens
    // one. Off in CI; E2E_TRACE=retain-on-failure (or on) brings it back there.
    trace: (process.env.E2E_TRACE as "on" | "off" | "retain-on-failure" | undefined) ?? (process.env.CI ? "off" : "retain-on-failure"),
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.PLAYWRIGHT_CHROMIUM_PATH ?? chromiumPath(),
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
    },
  },
  projects: [
    { name: "setup", testMatch: /auth\.setup\.ts/ },
    {
      name: "chromium",
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 }, storageState: ADMIN_STATE },
      dependencies: ["setup"],
    },
  ],
  webServer: {
    command: `"${path.join(repoRoot, "node_modules/.bin/tsx")}" e2e/support/server.ts`,
    url: `${baseURL}/sign-in`,
    // Includes the production build.
    timeout: 600_000,
    reuseExistingServer: !process.env.CI,
    gracefulShutdown: { signal: "SIGTERM", timeout: 20_000 },
    stdout: "pipe",
    stderr: "pipe",
  },
});
