// Loaded by vitest.build.config.ts: the app helpers start the production build instead of serving the route modules.
process.env.HIREFLOW_TEST_TARGET = "build";
