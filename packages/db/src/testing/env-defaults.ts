/**
 * The configuration every test process runs with (code under test reads its configuration from the
 * environment, like the real server does). Used by setup-env.ts in each test file and by test:build's
 * global setup, which starts the shared server with the same environment.
 */
export function applyTestEnvDefaults(env: NodeJS.ProcessEnv): void {
  env.APP_BASE_URL ??= "http://localhost:3000";
  env.SECRET_KEY ??= "test-secret-key-test-secret-key-0123456789";
  env.WEBHOOKS_ALLOW_PRIVATE_URLS ??= "true";
  // Test files make hundreds of requests with one key; the rate-limit tests set a low limit per key.
  env.RATE_LIMIT_MAX ??= "100000";
  // Test files run in parallel processes, each with its own pool; keep the sum under PostgreSQL's
  // default max_connections (100).
  env.DATABASE_POOL_SIZE ??= "4";
}
