import { CliError } from "../cli/errors.ts";
import { configuredDatabaseUrl } from "../database.ts";
import { hasProductionBuild } from "../server/next.ts";
import { launch } from "../server/launch.ts";
import { withProductionNodeOptions } from "../server/node-options.ts";

const log = (line: string) => process.stdout.write(`[hireflow] ${line}\n`);
const embedded = !configuredDatabaseUrl();

await launch({
  mode: "start",
  log,
  preflight() {
    if (!hasProductionBuild()) throw new CliError("No production build in apps/web/.next: run `npm run build` first.");
    // The app would only fail at the first signed URL or session; say it before starting anything.
    if (!embedded && !process.env.SECRET_KEY && process.env.HIREFLOW_LOCAL !== "1") {
      throw new CliError("SECRET_KEY must be set in production (32+ random characters, e.g. `openssl rand -base64 32`).");
    }
    if (embedded) {
      log("DATABASE_URL is not set: using the embedded PostgreSQL (fine for a single self-hosted machine; set DATABASE_URL for a managed database).");
    }
  },
  env: () => ({
    NODE_ENV: "production",
    NODE_OPTIONS: withProductionNodeOptions(process.env.NODE_OPTIONS),
    // Without a managed database this is a single-machine install: secrets may be generated into .data/.
    ...(embedded && !process.env.HIREFLOW_LOCAL ? { HIREFLOW_LOCAL: "1" } : {}),
  }),
});
