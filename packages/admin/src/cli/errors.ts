import { AppError, toAppError } from "@hireflow/core";

/** A usage or input problem the operator can fix; printed as is, exit code 1. */
export class CliError extends Error {
  override name = "CliError";
}

interface DriverCause {
  kind?: string;
  host?: string;
  port?: number;
  db?: string;
  table?: string;
  originalMessage?: string;
}

interface PrismaLike {
  code?: string;
  meta?: { driverAdapterError?: { cause?: DriverCause } };
}

/**
 * Prisma's own messages embed a code frame of the calling source; an operator needs the cause and
 * what to do about it instead.
 */
function databaseMessage(error: unknown): string | null {
  const { code, meta } = (error ?? {}) as PrismaLike;
  const cause = meta?.driverAdapterError?.cause;
  const pgCode = (error as { code?: string } | null)?.code;
  if (code === "P1001" || cause?.kind === "DatabaseNotReachable" || pgCode === "ECONNREFUSED") {
    const socket = error as { address?: string; port?: number };
    const host = cause?.host ?? socket.address;
    const where = host ? ` at ${host}:${cause?.port ?? socket.port}` : "";
    return `Cannot reach the database${where}. Is PostgreSQL running and DATABASE_URL right?`;
  }
  if (code === "P1003" || pgCode === "3D000") return `The database${cause?.db ? ` "${cause.db}"` : ""} does not exist. Create it, then run \`npm run db:migrate\`.`;
  if (code === "P1000" || pgCode === "28P01" || pgCode === "28000") return "The database refused the credentials in DATABASE_URL.";
  if (code === "P2021" || pgCode === "42P01") {
    return `The database is not migrated${cause?.table ? ` (table ${cause.table} is missing)` : ""}. Run \`npm run db:migrate\` first.`;
  }
  if (cause?.originalMessage) return `Database error: ${cause.originalMessage}`;
  return null;
}

/** Problems with how the command was typed (as opposed to what it was asked to do). */
export function isUsageError(error: unknown): boolean {
  if (error instanceof CliError) return true;
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && code.startsWith("ERR_PARSE_ARGS");
}

/** Maps a validation detail's field (API naming) to the CLI flag that carries it. */
export type FlagOf = (field: string) => string;

const defaultFlagOf: FlagOf = (field) => `--${field.replace(/\[\d+\]/g, "").replace(/_/g, "-")}`;

/** Any thrown value → the text printed on stderr. */
export function describeError(error: unknown, flagOf: FlagOf = defaultFlagOf): string {
  if (error instanceof CliError) return error.message;
  if (isUsageError(error)) {
    // node:util parseArgs: the first sentence says what is wrong; the rest is advice about `--`.
    return (error as Error).message.split(". ")[0]!.replace(/\.$/, "") + ".";
  }
  const fromDatabase = databaseMessage(error);
  if (fromDatabase) return fromDatabase;
  const appError = error instanceof AppError ? error : toAppError(error);
  if (appError.code === "validation_error" && appError.details?.length) {
    const lines = appError.details.map((d) => `  ${flagOf(d.field)}: ${d.message}`);
    return `Invalid input:\n${lines.join("\n")}`;
  }
  if (appError.code === "internal_error") {
    const original = error instanceof Error ? error.message : String(error);
    return `Unexpected error: ${original}`;
  }
  return appError.message;
}
