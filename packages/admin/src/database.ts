import { type MigrateResult } from "@hireflow/db";
import { startEmbeddedPostgres, type EmbeddedDatabase } from "@hireflow/db/embedded";
import { redactUrl } from "./log.ts";

export interface DatabaseHandle {
  url: string;
  /** The embedded server when DATABASE_URL is not set (started here or reused from another process). */
  embedded: EmbeddedDatabase | null;
  /** One line saying which database this is, for humans. */
  description: string;
  /** Stops the embedded server if, and only if, this process started it. */
  release(): Promise<void>;
}

export function configuredDatabaseUrl(): string | null {
  const url = process.env.DATABASE_URL?.trim();
  return url ? url : null;
}

/**
 * DATABASE_URL when set, else the embedded PostgreSQL on the local data directory. A server that
 * another process (say `npm run dev`) already runs there is reused, never started twice: PostgreSQL's
 * own postmaster.pid decides.
 */
export async function openDatabase(log: (line: string) => void): Promise<DatabaseHandle> {
  const configured = configuredDatabaseUrl();
  if (configured) {
    return { url: configured, embedded: null, description: `DATABASE_URL ${redactUrl(configured)}`, release: async () => {} };
  }
  const embedded = await startEmbeddedPostgres({ log });
  const where = `127.0.0.1:${new URL(embedded.url).port}, data in ${embedded.dataDirectory}`;
  return {
    url: embedded.url,
    embedded,
    description: embedded.owned ? `embedded PostgreSQL (${where})` : `embedded PostgreSQL started by another process (${where})`,
    release: () => embedded.stop(),
  };
}

/** Stops the embedded server when this process started it, and says so. */
export async function releaseDatabase(database: DatabaseHandle, log: (line: string) => void): Promise<void> {
  if (!database.embedded?.owned) return;
  await database.release();
  log("Stopped the embedded PostgreSQL this command had started.");
}

/** Logs what a migration run did in one or two lines. */
export function reportMigrations(result: MigrateResult, log: (line: string) => void): void {
  if (result.applied.length === 0) {
    log(`Database schema is up to date (${result.alreadyApplied.length} already applied).`);
    return;
  }
  log(`Applied ${result.applied.length} migration(s): ${result.applied.join(", ")}`);
}

