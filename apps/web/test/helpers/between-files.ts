import { afterAll, vi } from "vitest";

/**
 * The `process` and `build` projects run many files in one worker (isolate: false: the module graph is
 * imported once per worker instead of once per file, about half of the project's CPU). What a file changes in
 * the process it shares is put back here when the file ends, whether or not the file did it itself:
 * the environment, spies, stubs and fake timers, the storage driver chosen for tests, and the local job
 * runner (runs a file started must not go on into the next file).
 */
const environment = { ...process.env };

afterAll(async () => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  for (const name of Object.keys(process.env)) if (!(name in environment)) delete process.env[name];
  Object.assign(process.env, environment);
  // The runner lives on globalThis (driver.ts); the worker package is imported only when a file started it.
  const jobs = (globalThis as { __hireflowJobs?: { runner?: unknown } }).__hireflowJobs;
  if (jobs?.runner) await (await import("@hireflow/worker/runtime")).shutdownLocalRunner();
  (await import("@hireflow/storage")).setStorageForTesting(undefined);
});
