// Loaded by vitest.build.config.ts: the app helpers start the production build instead of serving the route modules.
process.env.HIREFLOW_TEST_TARGET = "build";
// The built servers run background work. The fuzzers' webhook endpoints point at closed ports; their
// retries would otherwise land at random moments between a test's before and after snapshots.
process.env.WEBHOOK_RETRY_SCHEDULE_MS ??= "600000,600000";
// Events the test process itself commits (fixtures) reach a built server through its outbox sweep, not
// its commit hook: sweep often, so waiting for background work (settleBackgroundWork) stays short.
process.env.OUTBOX_SWEEP_INTERVAL_MS ??= "200";
