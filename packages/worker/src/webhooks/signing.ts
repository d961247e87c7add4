import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Standard Webhooks signatures (https://www.standardwebhooks.com): `webhook-signature` is
 * `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>">`, keyed with the bytes
 * of the secret (the base64 after `whsec_`). While a rotated-out secret is in its grace period the
 * header lists one signature per secret, space-delimited (`v1,<new> v1,<old>`), as the spec allows;
 * a receiver accepts the request when any of them matches. Self-contained on purpose: receivers can copy it.
 */
const PREFIX = "whsec_";

export function secretKeyBytes(secret: string): Buffer {
  if (!secret.startsWith(PREFIX)) throw new TypeError("A webhook secret starts with whsec_");
  return Buffer.from(secret.slice(PREFIX.length), "base64");
}

export function signWebhook(secret: string, id: string, timestamp: number, body: string): string {
  const mac = createHmac("sha256", secretKeyBytes(secret)).update(`${id}.${timestamp}.${body}`).digest("base64");
  return `v1,${mac}`;
}

export type WebhookHeaders = {
  "webhook-id": string;
  "webhook-timestamp": string;
  "webhook-signature": string;
};

/**
 * The three Standard Webhooks headers for one attempt (the timestamp is the attempt's, in seconds).
 * Several secrets (current first, then a rotated-out one in its grace period) give one signature each.
 */
export function signatureHeaders(secrets: string | readonly string[], id: string, body: string, now = Date.now()): WebhookHeaders {
  const timestamp = Math.floor(now / 1000);
  const list = typeof secrets === "string" ? [secrets] : secrets;
  if (list.length === 0) throw new TypeError("At least one webhook secret is needed to sign");
  const signature = list.map((secret) => signWebhook(secret, id, timestamp, body)).join(" ");
  return { "webhook-id": id, "webhook-timestamp": String(timestamp), "webhook-signature": signature };
}

export interface VerifyOptions {
  secret: string;
  /** Request headers: a fetch `Headers`, or Node's lower-cased header object. */
  headers: Headers | Record<string, string | string[] | undefined>;
  /** The raw request body, exactly as received (before any JSON parsing). */
  body: string;
  /** Reject timestamps further than this from now (replay protection). Default 300 s. */
  toleranceSeconds?: number;
  now?: number;
}

function header(headers: VerifyOptions["headers"], name: string): string | undefined {
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * True when one of the `v1,` signatures matches and the timestamp is recent. Several signatures
 * may be listed, separated by spaces.
 */
export function verifyWebhookSignature(options: VerifyOptions): boolean {
  const id = header(options.headers, "webhook-id");
  const timestamp = header(options.headers, "webhook-timestamp");
  const signatures = header(options.headers, "webhook-signature");
  if (!id || !timestamp || !signatures || !/^\d+$/.test(timestamp)) return false;
  const now = Math.floor((options.now ?? Date.now()) / 1000);
  if (Math.abs(now - Number(timestamp)) > (options.toleranceSeconds ?? 300)) return false;
  const expected = Buffer.from(signWebhook(options.secret, id, Number(timestamp), options.body).slice(3), "base64");
  return signatures.split(" ").some((candidate) => {
    const [version, mac] = candidate.split(",", 2);
    if (version !== "v1" || !mac) return false;
    const given = Buffer.from(mac, "base64");
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}
