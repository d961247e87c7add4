import { inject } from "vitest";

// Code under test reads its configuration from the environment, like the real server does.
process.env.DATABASE_URL = inject("databaseUrl");
process.env.APP_BASE_URL ??= "http://localhost:3000";
process.env.SECRET_KEY ??= "test-secret-key-test-secret-key-0123456789";
process.env.WEBHOOKS_ALLOW_PRIVATE_URLS ??= "true";
// Test files make hundreds of requests with one key; the rate-limit tests set a low limit per key.
process.env.RATE_LIMIT_MAX ??= "100000";
// Test files run in parallel processes, each with its own pool; keep the sum under PostgreSQL's
// default max_connections (100).
process.env.DATABASE_POOL_SIZE ??= "4";
