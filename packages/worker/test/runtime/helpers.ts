import { LocalRunner, type LocalRunnerOptions } from "../../src/runtime/index.ts";
import type { JobLogger } from "../../src/runtime/index.ts";

/** Keeps expected failures and retries out of the test output. */
export const silentLogger: JobLogger = { info() {}, warn() {}, error() {}, debug() {} };

/** A runner with fast retries; every runner made here is stopped after its test. */
export function createRunner(options: LocalRunnerOptions = {}): LocalRunner {
  const runner = new LocalRunner({ retryBaseMs: 5, logger: silentLogger, ...options });
  runners.push(runner);
  return runner;
}

const runners: LocalRunner[] = [];

export async function stopRunners(): Promise<void> {
  await Promise.all(runners.splice(0).map((runner) => runner.stop()));
}

export const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
