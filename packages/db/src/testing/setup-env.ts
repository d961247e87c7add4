import { inject } from "vitest";
import { applyTestEnvDefaults } from "./env-defaults.ts";

process.env.DATABASE_URL = inject("databaseUrl");
// createDatabase({ migrate: true }) copies the run's migrated template instead of migrating again.
process.env.HIREFLOW_TEST_TEMPLATE_DATABASE = inject("templateDatabase");
applyTestEnvDefaults(process.env);
