import { Webhook } from "standardwebhooks";
import type { WebhookEvent } from "./types.ts";

/** A delivery that must not be trusted: no signature matches, a header is missing, or the timestamp is stale. */
export class WebhookVerificationError extends Error {
  override name = "WebhookVerificationError";
}

export type WebhookHeaders = Headers | Record<string, string | string[] | undefined>;

/**
 * Checks a webhook delivery's Standard Webhooks signature and returns its parsed, typed body.
 * `rawBody` must be the exact bytes received (not re-serialized JSON). The timestamp must be within
 * 5 minutes of now. During a secret's grace period after a rotation the delivery carries two
 * signatures and either secret verifies it; pass several secrets to accept any of them.
 * Throws WebhookVerificationError when it cannot be trusted.
 */
export function verifyWebhook(rawBody: string | Uint8Array, headers: WebhookHeaders, secret: string | readonly string[]): WebhookEvent {
  const payload = typeof rawBody === "string" ? rawBody : new TextDecoder().decode(rawBody);
  const flat = flattenHeaders(headers);
  const secrets = typeof secret === "string" ? [secret] : secret;
  if (secrets.length === 0) throw new TypeError("verifyWebhook: a secret is required");
  let failure = "No matching signature found";
  for (const candidate of secrets) {
    try {
      return new Webhook(candidate).verify(payload, flat) as WebhookEvent;
    } catch (error) {
      // The library's own error class is not re-exported, so callers need only this package's types.
      failure = error instanceof Error ? error.message : String(error);
    }
  }
  throw new WebhookVerificationError(failure);
}

function flattenHeaders(headers: WebhookHeaders): Record<string, string> {
  const flat: Record<string, string> = {};
  if (headers instanceof Headers) {
    headers.forEach((value, name) => (flat[name.toLowerCase()] = value));
    return flat;
  }
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    flat[name.toLowerCase()] = Array.isArray(value) ? value.join(" ") : value;
  }
  return flat;
}
