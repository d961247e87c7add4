import { applyBuildTargetDefaults } from "./server-env.ts";

// Loaded by the build project (vitest.config.ts): the app helpers start the production build instead of serving the route modules.
applyBuildTargetDefaults(process.env);
