import { inject } from "vitest";
import { applyTestEnvDefaults } from "./env-defaults.ts";

process.env.DATABASE_URL = inject("databaseUrl");
applyTestEnvDefaults(process.env);
