export { seedDemo, demoLogin, DEMO, type SeedResult } from "./seed.ts";
export { openDatabase, configuredDatabaseUrl, type DatabaseHandle } from "./database.ts";
export { runCli, type CliIo } from "./cli/run.ts";
