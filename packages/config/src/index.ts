import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * Typed configuration read from the environment. Every variable has a safe local default except
 * the secrets, which production must set (locally they are generated once and kept in .data/).
 */
export const isProduction = () => process.env.NODE_ENV === "production" && process.env.HIREFLOW_LOCAL !== "1";

export function appBaseUrl(): string {
  const configured = process.env.APP_BASE_URL ?? process.env.VERCEL_PROJECT_PRODUCTION_URL;
  if (configured) {
    const withScheme = /^https?:\/\//.test(configured) ? configured : `https://${configured}`;
    return withScheme.replace(/\/+$/, "");
  }
  return `http://localhost:${process.env.PORT ?? 3000}`;
}

/** Folder for local state (embedded database, blobs, generated secrets). */
export function localDataDir(): string {
  if (process.env.HIREFLOW_DATA_DIR) return path.resolve(process.env.HIREFLOW_DATA_DIR);
  let dir = process.cwd();
  for (;;) {
    if (existsSync(path.join(dir, "prisma", "schema.prisma"))) return path.join(dir, ".data");
    const parent = path.dirname(dir);
    if (parent === dir) return path.join(process.cwd(), ".data");
    dir = parent;
  }
}

let cachedSecret: string | undefined;

/**
 * The key that signs file URLs and session cookies. SECRET_KEY in production (required); locally
 * a random key generated on first use and kept in .data/secret-key so URLs survive restarts.
 */
export function secretKey(): string {
  if (cachedSecret) return cachedSecret;
  const configured = process.env.SECRET_KEY;
  if (configured) {
    if (configured.length < 32) throw new Error("SECRET_KEY must be at least 32 characters");
    return (cachedSecret = configured);
  }
  if (isProduction()) throw new Error("SECRET_KEY must be set in production");
  const file = path.join(localDataDir(), "secret-key");
  if (!existsSync(file)) {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, randomBytes(32).toString("base64url"), { flag: "wx", mode: 0o600 });
  }
  return (cachedSecret = readFileSync(file, "utf8").trim());
}

export function envFlag(name: string, fallback: boolean): boolean {
  const value = process.env[name];
  if (value === undefined || value === "") return fallback;
  return ["1", "true", "yes", "on"].includes(value.toLowerCase());
}

/** A positive integer setting; unset, empty, 0 or not a number: the fallback. */
export function envInt(name: string, fallback: number): number {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? Math.floor(value) : fallback;
}

/** An integer setting where 0 means something (a cache's TTL, 0 = off); unset, empty, negative or not a number: the fallback. */
export function envNonNegativeInt(name: string, fallback: number): number {
  const raw = process.env[name]?.trim();
  const value = raw ? Number(raw) : Number.NaN;
  return Number.isFinite(value) && value >= 0 ? Math.floor(value) : fallback;
}

/** The SMTP server e-mails are sent through (`smtp://user:pass@host:587`, `smtps://…`); unset: kept in the e-mail log only. */
export function smtpUrl(): string | null {
  return process.env.SMTP_URL?.trim() || null;
}

/** The default sender of every company's e-mails (a company may set its own in Settings → E-mail). */
export function mailFrom(): string {
  return process.env.MAIL_FROM?.trim() || "Hireflow <no-reply@localhost>";
}
