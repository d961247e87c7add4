import { logger } from "@hireflow/core";
import nodemailer from "nodemailer";
import SMTPTransport from "nodemailer/lib/smtp-transport";
import { ERROR_MAX_CHARS, smtpTimeoutMs } from "./config.ts";

/** What one SMTP attempt came to. Never throws: every failure is an outcome to record. */
export type SendOutcome =
  | { ok: true; response: string }
  /** `permanent`: the server answered 5xx (RFC 5321: do not repeat the same transaction). */
  | { ok: false; permanent: boolean; error: string };

interface SmtpError {
  code?: string;
  responseCode?: number;
  response?: string;
  command?: string;
  message?: string;
}

/** The server's own answer when there is one ("451 4.3.0 Try again later"), else what went wrong on the way. */
export function describeSmtpError(error: unknown): { permanent: boolean; error: string } {
  const e = (error ?? {}) as SmtpError;
  const answer = e.response?.trim();
  const text = answer ? `${answer}${e.command ? ` (after ${e.command})` : ""}` : `${e.code ? `${e.code}: ` : ""}${e.message ?? String(error)}`;
  // PostgreSQL text cannot hold NUL; a server's answer is not ours to trust.
  const clean = text.replaceAll("\u0000", "").slice(0, ERROR_MAX_CHARS);
  return { permanent: typeof e.responseCode === "number" && e.responseCode >= 500 && e.responseCode < 600, error: clean };
}

/**
 * Sends the composed bytes once over `url` (smtp:// with STARTTLS when the server offers it, or
 * smtps://), one connection per attempt, each step bounded by SMTP_TIMEOUT_MS.
 */
export async function sendRaw(url: string, envelope: { from: string; to: string[] }, raw: Buffer): Promise<SendOutcome> {
  const timeout = smtpTimeoutMs();
  const transport = nodemailer.createTransport(
    new SMTPTransport({ url, connectionTimeout: timeout, greetingTimeout: timeout, socketTimeout: timeout, disableFileAccess: true, disableUrlAccess: true }),
  );
  try {
    const info = await transport.sendMail({ envelope, raw });
    return { ok: true, response: String(info.response ?? "") };
  } catch (error) {
    const described = describeSmtpError(error);
    logger.warn("e-mail not accepted by the SMTP server", { error: described.error, permanent: described.permanent });
    return { ok: false, ...described };
  } finally {
    transport.close();
  }
}
