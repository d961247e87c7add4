import { existsSync, readdirSync, readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * `npm test`: two projects in one run, sharing one pool of workers.
 *
 * - `build`: every HTTP-level suite (contract tests, the SDK, the sweeps of every path × method × id × key,
 *   the fuzzers, the tenant sweeps) against the production build — `next build`, then the production server
 *   `npm start` runs, on the project's own database. Bundling is where the build and the route modules differ
 *   (it once turned every unknown route into a 500 no in-process test saw), so these run only here.
 * - `process`: everything else, in the test process — services, jobs, the database layer, the admin CLI,
 *   pure functions, and the web suites whose subject lives in process (a storage driver or log sink swapped
 *   in, server actions called directly).
 *
 * `npm run test:process` runs the second alone (no build needed); `npx vitest run --project build <file>`
 * runs one HTTP suite against the build.
 */

/** The HTTP-level suites: run against the production build only (`build` project). */
const BUILD_SUITES = [
  "apps/web/test/api/**/*.test.ts",
  "apps/web/test/sdk/**/*.test.ts",
  "apps/web/test/hardening/fuzz.test.ts",
  "apps/web/test/hardening/mcp-fuzz.test.ts",
  "apps/web/test/hardening/hostile-input.test.ts",
  "apps/web/test/hardening/body-limits.test.ts",
  "apps/web/test/hardening/security-headers.test.ts",
  "apps/web/test/hardening/tenant-isolation.test.ts",
  "apps/web/test/hardening/trpc-tenant-isolation.test.ts",
  "apps/web/test/hardening/trpc-fuzz*.test.ts",
  "apps/web/test/hardening/routes-fuzz-*.test.ts",
  "apps/web/test/hardening/routes-cross-tenant.test.ts",
  "apps/web/test/hardening/secrets-and-errors.test.ts",
];

/**
 * The files that take longest, started first so that none of them is the run's tail on a clean clone
 * (vitest orders by last run's durations, which a clean clone has not got). The rest keep vitest's order.
 */
const LONG_FIRST = [/trpc-fuzz/, /hardening\/fuzz\.test/, /trpc-tenant-isolation/, /team-roles\.test/, /routes-fuzz-applications/, /admin\/test\/cli\.test/];

class LongFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => {
      const index = LONG_FIRST.findIndex((pattern) => pattern.test(file.moduleId));
      return index === -1 ? LONG_FIRST.length : index;
    };
    return sorted.map((file, order) => ({ file, order })).sort((a, b) => rank(a.file) - rank(b.file) || a.order - b.order).map(({ file }) => file);
  }
}

// A glob of the list above ("**/" any folders, "*" within one) as a regular expression over a path from the repository root.
const globRegExp = (glob: string) => {
  const escape = (text: string) => text.replace(/[.+?^$(){}|[\]\\]/g, "\\$&");
  return new RegExp("^" + glob.split("**/").map((part) => part.split("*").map(escape).join("[^/]*")).join("(?:.*/)?") + "$");
};
const BUILD_SUITE_PATTERNS = BUILD_SUITES.map(globRegExp);

/**
 * In-process files that replace modules (vi.mock, vi.doMock, vi.resetModules): each gets a module graph of
 * its own (`process-isolated`), since a mocked module would otherwise be what the next file imports. Found
 * by reading the test files, so a new file that mocks cannot be forgotten here.
 */
function filesReplacingModules(): string[] {
  const root = import.meta.dirname;
  const testDirs = [...readdirSync(path.join(root, "packages")).map((name) => `packages/${name}/test`), "apps/web/test"];
  const found: string[] = [];
  for (const dir of testDirs.filter((d) => existsSync(path.join(root, d)))) {
    for (const entry of readdirSync(path.join(root, dir), { recursive: true, encoding: "utf8" })) {
      const file = `${dir}/${entry.split(path.sep).join("/")}`;
      if (!file.endsWith(".test.ts") || file.includes("/node_modules/") || BUILD_SUITE_PATTERNS.some((pattern) => pattern.test(file))) continue;
      if (/\bvi\.(?:mock|doMock|resetModules)\(/.test(readFileSync(path.join(root, file), "utf8"))) found.push(file);
    }
  }
  return found.sort();
}
const OWN_MODULE_GRAPH = filesReplacingModules();

const processProject = {
  globalSetup: ["packages/db/src/testing/global-setup.ts"],
  setupFiles: ["packages/db/src/testing/setup-env.ts"],
  // Hang guards, not measures: idle, the slowest test takes seconds; two `npm test` side by side on
  // 2 cores (load ~13) made process spawns, bomb generation and module reloads 10× slower.
  testTimeout: 90_000,
  hookTimeout: 180_000,
  sequence: { sequencer: LongFirstSequencer },
};

const resolve = {
  // apps/web imports its own modules as "@/…" (tsconfig paths); tests import the same route files.
  // The SDK's tests run its source; packages/sdk/test/package.test.ts checks the built package.
  alias: { "@": path.resolve(import.meta.dirname, "apps/web/src"), "@hireflow/sdk": path.resolve(import.meta.dirname, "packages/sdk/src/index.ts") },
};

export default defineConfig({
  resolve,
  test: {
    // Most of a test's time is spent waiting on PostgreSQL, a server process or a socket, so on two cores
    // vitest's default (cores − 1: one file at a time) leaves the machine half idle. Since the process project
    // stopped importing per file, a whole local run took 829 s with three workers and 740 s with four.
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS) || Math.max(2, availableParallelism() + 2),
    pool: "forks",
    sequence: { sequencer: LongFirstSequencer },
    reporters: process.env.CI ? ["default", "junit"] : ["default"],
    outputFile: { junit: "test-results/vitest-junit.xml" },
    projects: [
      {
        resolve,
        test: {
          name: "build",
          include: BUILD_SUITES,
          // The project's database, and one production server on it that the files share (helpers/app.ts).
          globalSetup: ["apps/web/test/helpers/shared-built-server.global.ts"],
          setupFiles: ["packages/db/src/testing/setup-env.ts", "apps/web/test/helpers/build-target.ts", "apps/web/test/helpers/between-files.ts"],
          // A test that starts its own server (withAppEnv) waits for it: two suites side by side on 2 cores
          // stretched a start to ~50 s, so the limits leave room for the start plus the test's own work.
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // These files are HTTP clients of the server: a worker keeps one module graph for all the files it
          // runs instead of importing core, Prisma and the helpers again for each (about a quarter of the CPU
          // a file cost). What a file changes in its environment is put back after it (between-files.ts): an
          // environment left changed made every later file of the worker start a server of its own.
          isolate: false,
          unstubEnvs: true,
          sequence: { sequencer: LongFirstSequencer },
        },
      },
      {
        resolve,
        test: {
          name: "process",
          include: ["packages/*/test/**/*.test.ts", "apps/web/test/**/*.test.ts"],
          exclude: ["**/node_modules/**", ...BUILD_SUITES, ...OWN_MODULE_GRAPH],
          ...processProject,
          // A worker imports the module graph once for all the files it runs: importing it per file was about
          // half of this project's CPU (290 s of import in a 312 s run on 2 cores). What a file changes in
          // the process is put back when it ends (between-files.ts); each file still has its own companies
          // or its own database.
          isolate: false,
          setupFiles: [...processProject.setupFiles, "apps/web/test/helpers/between-files.ts"],
        },
      },
      {
        resolve,
        test: {
          name: "process-isolated",
          include: OWN_MODULE_GRAPH,
          ...processProject,
        },
      },
    ],
  },
});
