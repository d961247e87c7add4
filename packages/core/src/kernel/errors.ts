import { TRPCError } from "@trpc/server";
import { TRPC_ERROR_CODES_BY_KEY } from "@trpc/server/rpc";
import { ZodError, type core } from "zod";
import { ERROR_STATUS, type ErrorCode } from "./contract/error-codes.ts";

/**
 * The one error type of the domain. Services throw AppError; the tRPC error formatter and the REST
 * gateway both turn any error into the envelope through `toErrorBody`, so a status is never chosen
 * anywhere else (the code → status map is in contract/error-codes.ts, shared with the browser).
 */
export interface ErrorDetail {
  field: string;
  message: string;
}

export interface ErrorBody {
  error: { code: ErrorCode; message: string; details?: ErrorDetail[] };
}

// Marks AppErrors across copies of this module: a bundle may hold one copy while code loaded from
// node_modules (or an instrumentation chunk) holds another, and `instanceof` compares classes.
const APP_ERROR = Symbol.for("hireflow.AppError");

export class AppError extends Error {
  override name = "AppError";
  readonly [APP_ERROR] = true;
  readonly code: ErrorCode;
  readonly details?: ErrorDetail[];
  /** Extra response headers (e.g. Retry-After). */
  readonly headers?: Record<string, string>;

  constructor(code: ErrorCode, message: string, options: { details?: ErrorDetail[]; headers?: Record<string, string>; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.code = code;
    this.details = options.details;
    this.headers = options.headers;
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }

  /** `error instanceof AppError` holds for an AppError of any copy of this module. */
  static override [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === "object" && value !== null && (value as Record<symbol, unknown>)[APP_ERROR] === true;
  }

  static notFound(resource: string, id?: number | string): AppError {
    return new AppError("not_found", id === undefined ? `${resource} not found` : `${resource} ${id} not found`);
  }

  static validation(details: ErrorDetail[], message = "The request is invalid"): AppError {
    return new AppError("validation_error", message, { details });
  }
}

function fieldOf(path: readonly PropertyKey[]): string {
  return path.map((p) => (typeof p === "number" ? `[${p}]` : String(p))).join(".").replace(/\.\[/g, "[");
}

export function zodIssuesToDetails(issues: readonly core.$ZodIssue[]): ErrorDetail[] {
  const details: ErrorDetail[] = [];
  for (const issue of issues) {
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys) {
        details.push({ field: fieldOf([...issue.path, key]), message: "Unknown field" });
      }
      continue;
    }
    details.push({ field: fieldOf(issue.path) || "body", message: issue.message });
  }
  return details;
}

interface PrismaLikeError {
  code?: string;
  meta?: { modelName?: string; target?: unknown; driverAdapterError?: { cause?: { constraint?: unknown; originalCode?: string } } };
}

function isPrismaError(error: unknown): error is PrismaLikeError & Error {
  return error instanceof Error && typeof (error as PrismaLikeError).code === "string" && /^P\d{4}$/.test((error as PrismaLikeError).code!);
}

const CONNECTION_ERRORS = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "57P01", "57P03", "08006", "08001", "53300"]);
// node-postgres reports a connection lost mid-query (the server crashed or restarted) and a pool
// that cannot connect in time without an error code, only with these messages.
const CONNECTION_MESSAGES = /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/;

/*
 * TRPCError and ZodError are recognised by shape as well as by class. In the production bundle
 * trpc-to-openapi runs from node_modules with its own @trpc/server while our code uses the bundled
 * copy, so the errors it throws (an unmatched route, an unparsable body) are TRPCErrors of another
 * class; the same can happen to zod. Class identity across packages is not something to rely on.
 */
const TRPC_ERROR_CODES = new Set(Object.keys(TRPC_ERROR_CODES_BY_KEY));

export function isTrpcError(error: unknown): error is TRPCError {
  if (error instanceof TRPCError) return true;
  return error instanceof Error && error.name === "TRPCError" && TRPC_ERROR_CODES.has((error as { code?: unknown }).code as string);
}

export function isZodError(error: unknown): error is ZodError {
  if (error instanceof ZodError) return true;
  return error instanceof Error && (error.name === "ZodError" || error.name === "$ZodError") && Array.isArray((error as { issues?: unknown }).issues);
}

/** Any thrown value → an AppError (unknown errors become internal_error and keep their cause). */
export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (isTrpcError(error)) {
    if (error.cause instanceof AppError) return error.cause;
    if (isZodError(error.cause)) return AppError.validation(zodIssuesToDetails(error.cause.issues));
    switch (error.code) {
      case "PARSE_ERROR":
        return new AppError("bad_request", "The request body is not valid JSON", { cause: error });
      case "UNSUPPORTED_MEDIA_TYPE":
        return new AppError("bad_request", "The request body must be JSON (content-type: application/json)", { cause: error });
      case "NOT_FOUND":
        return new AppError("not_found", error.message === "Not found" ? "No such route" : error.message, { cause: error });
      case "PAYLOAD_TOO_LARGE":
        return new AppError("payload_too_large", "The request body is too large", { cause: error });
      case "UNAUTHORIZED":
        return new AppError("unauthorized", error.message, { cause: error });
      case "FORBIDDEN":
        return new AppError("forbidden", error.message, { cause: error });
      case "BAD_REQUEST":
        return new AppError("bad_request", error.message, { cause: error });
      // A query sent as POST or a mutation as GET (/api/trpc): the caller's mistake, not ours. The
      // error codes are a public contract without a 405, and tRPC has already set the Allow header.
      case "METHOD_NOT_SUPPORTED":
        return new AppError("bad_request", error.message, { cause: error });
      case "TOO_MANY_REQUESTS":
        return new AppError("rate_limited", error.message, { cause: error });
      default:
        if (error.cause) return toAppError(error.cause);
        return new AppError("internal_error", "An internal error occurred", { cause: error });
    }
  }
  if (isZodError(error)) return AppError.validation(zodIssuesToDetails(error.issues));
  // A move that raced a pipeline edit removing its target stage: the foreign key refused it.
  if (mentionsConstraint(error, STAGE_FOREIGN_KEY)) {
    return new AppError("conflict", "The job's pipeline changed during this request: the stage no longer exists. Read the job's stages and try again.", { cause: error });
  }
  // Typed SQL on the pg pool (services/*-read.ts, candidate-list.ts, candidate-insert.ts) throws pg's own errors.
  if (isPgDatabaseError(error)) {
    if (error.code === "22021" || error.code === "22P05") {
      return new AppError("bad_request", "The request contains characters that cannot be stored (such as NUL)", { cause: error });
    }
    if (error.code === "23505") return new AppError("conflict", "A resource with these values already exists", { cause: error });
  }
  if (isPrismaError(error)) {
    // PostgreSQL cannot store NUL (22021) or characters outside the encoding (22P05) in text. Such
    // text can only have come from the caller, so it is a 400; the contracts refuse it earlier, with
    // the field named, wherever they know the field (singleLine/storableText).
    const pgCode = error.meta?.driverAdapterError?.cause?.originalCode;
    if (pgCode === "22021" || pgCode === "22P05") {
      return new AppError("bad_request", "The request contains characters that cannot be stored (such as NUL)", { cause: error });
    }
    // A server shutting down or still starting up (57P01, 57P03) answers through Prisma, not the socket.
    if (pgCode && CONNECTION_ERRORS.has(pgCode)) {
      return new AppError("service_unavailable", "The service is temporarily unavailable; retry shortly", { cause: error });
    }
    if (error.code === "P2025") return new AppError("not_found", "Resource not found", { cause: error });
    if (error.code === "P2002") return new AppError("conflict", "A resource with these values already exists", { cause: error });
    if (error.code === "P1001" || error.code === "P1017" || error.code === "P2024") {
      return new AppError("service_unavailable", "The service is temporarily unavailable; retry shortly", { cause: error });
    }
  }
  const code = (error as { code?: string } | null)?.code;
  const causeCode = ((error as { cause?: { code?: string } } | null)?.cause)?.code;
  const message = error instanceof Error ? error.message : "";
  if ((code && CONNECTION_ERRORS.has(code)) || (causeCode && CONNECTION_ERRORS.has(causeCode)) || CONNECTION_MESSAGES.test(message)) {
    return new AppError("service_unavailable", "The service is temporarily unavailable; retry shortly", { cause: error });
  }
  return new AppError("internal_error", "An internal error occurred", { cause: error });
}

export function toErrorBody(error: AppError): ErrorBody {
  const body: ErrorBody = { error: { code: error.code, message: error.message } };
  if (error.details?.length) body.error.details = error.details;
  return body;
}

/** An error PostgreSQL sent, as node-postgres throws it (SQLSTATE in `code`, the index in `constraint`). */
function isPgDatabaseError(error: unknown): error is Error & { code: string; constraint?: string } {
  if (!(error instanceof Error) || !("severity" in error)) return false;
  const code = (error as { code?: unknown }).code;
  return typeof code === "string" && /^[0-9A-Z]{5}$/.test(code);
}

/** candidates (job_id, stage) → job_stages (job_id, key): a candidate is only ever in a stage of its job. */
export const STAGE_FOREIGN_KEY = "candidates_job_stage_fkey";

/** Does this pg or Prisma error (of any query kind, raw included) name the constraint? */
export function mentionsConstraint(error: unknown, constraint: string): boolean {
  if (isPgDatabaseError(error)) return error.constraint === constraint;
  if (!isPrismaError(error)) return false;
  return JSON.stringify([error.meta ?? null, error.message]).includes(constraint);
}

/** Is this Prisma/pg error the given unique constraint (by index name)? */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  if (isPgDatabaseError(error)) return error.code === "23505" && (!constraint || error.constraint === constraint);
  if (!isPrismaError(error) || error.code !== "P2002") return false;
  if (!constraint) return true;
  const meta = error.meta;
  const named = meta?.driverAdapterError?.cause?.constraint;
  const text = JSON.stringify([meta?.target, named, error.message]);
  return text.includes(constraint);
}
