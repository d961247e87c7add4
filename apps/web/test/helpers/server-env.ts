import { applyTestEnvDefaults } from "@hireflow/db/testing/env-defaults";

/**
 * What makes two test processes' environments the same for a production server started from them
 * (built-server.ts passes the whole environment on): everything but what vitest sets per worker.
 */
const PER_WORKER = /^(VITEST|VITEST_.*|__VITEST_.*|TEST|NODE_ENV|FORCE_TTY|SSR)$/;

export function serverEnvironmentFingerprint(env: NodeJS.ProcessEnv): string {
  const entries = Object.entries(env).filter(([name, value]) => value !== undefined && !PER_WORKER.test(name));
  entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify(entries);
}

/** The variables in which two fingerprints differ (for the message of a file that cannot share). */
export function fingerprintDifference(a: string, b: string): string[] {
  const left = new Map<string, string>(JSON.parse(a));
  const right = new Map<string, string>(JSON.parse(b));
  const names = new Set([...left.keys(), ...right.keys()]);
  return [...names].filter((name) => left.get(name) !== right.get(name)).sort();
}

/**
 * test:build's environment (build-target.ts in each file, and the global setup's shared server): the
 * app helpers start the production build instead of serving the route modules.
 */
export function applyBuildTargetDefaults(env: NodeJS.ProcessEnv): void {
  applyTestEnvDefaults(env);
  env.HIREFLOW_TEST_TARGET = "build";
  // The built servers run background work. The fuzzers' webhook endpoints point at closed ports; their
  // retries would otherwise land at random moments between a test's before and after snapshots. A day, not
  // ten minutes: settleBackgroundWork waits for deliveries due within a minute, and in a loaded run (two
  // `npm test` side by side) trpc-fuzz lasted past ten minutes, so its first failed deliveries' retries came
  // due under it and each property waited 30 s for them (delivery 865: attempt 1, next_attempt_at 30 s ahead).
  env.WEBHOOK_RETRY_SCHEDULE_MS ??= "86400000,86400000";
  // Events the test process itself commits (fixtures) reach a built server through its outbox sweep, not
  // its commit hook: sweep often, so waiting for background work (settleBackgroundWork) stays short.
  env.OUTBOX_SWEEP_INTERVAL_MS ??= "200";
}
