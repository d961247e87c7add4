// The reliability suite brings its own databases (support/postgres.ts); the rest of the
// configuration is what the main suite's setup gives code under test.
process.env.APP_BASE_URL ??= "http://localhost:3000";
process.env.SECRET_KEY ??= "test-secret-key-test-secret-key-0123456789";
process.env.WEBHOOKS_ALLOW_PRIVATE_URLS ??= "true";
process.env.RATE_LIMIT_MAX ??= "1000000";
