/**
 * The "Verifying webhook signatures" section of the API reference (info.description of the OpenAPI
 * document): the Standard Webhooks scheme the deliveries use (packages/worker/src/webhooks/signing.ts),
 * with a receiver in TypeScript (the SDK's verifyWebhook) and one in Python written out by hand.
 * apps/web/test/api/openapi.test.ts runs the Python code against real signatures.
 */

export const VERIFY_TYPESCRIPT = `import { verifyWebhook } from "@hireflow/sdk";

// A Next.js route handler; any framework works the same way: verify the raw body, then parse.
export async function POST(request: Request) {
  const rawBody = await request.text(); // the exact bytes received, never re-serialized JSON
  let event;
  try {
    // Throws when no signature matches, a header is missing, or the timestamp is over 5 minutes off.
    event = verifyWebhook(rawBody, request.headers, process.env.HIREFLOW_WEBHOOK_SECRET!);
  } catch {
    return new Response("invalid signature", { status: 400 });
  }
  // webhook-id is the same on every retry: use it to drop duplicates.
  console.log(request.headers.get("webhook-id"), event.event);
  return new Response(null, { status: 204 });
}`;

export const VERIFY_PYTHON = `import base64
import hashlib
import hmac
import time


def verify_webhook(raw_body: bytes, headers, secret: str) -> None:
    """Raises ValueError unless the delivery is signed with \`secret\` (whsec_...)."""
    msg_id = headers["webhook-id"]
    timestamp = headers["webhook-timestamp"]
    if abs(time.time() - int(timestamp)) > 300:
        raise ValueError("timestamp too far from now (a replay?)")
    key = base64.b64decode(secret.removeprefix("whsec_"))
    signed = f"{msg_id}.{timestamp}.".encode() + raw_body
    expected = base64.b64encode(hmac.new(key, signed, hashlib.sha256).digest()).decode()
    # Space-delimited "v1,<base64>" entries; two during a secret rotation's grace period.
    for entry in headers["webhook-signature"].split(" "):
        version, _, signature = entry.partition(",")
        if version == "v1" and hmac.compare_digest(signature, expected):
            return
    raise ValueError("no matching signature")


# Flask: request.get_data() is the raw body.
# verify_webhook(request.get_data(), request.headers, os.environ["HIREFLOW_WEBHOOK_SECRET"])`;

export const VERIFYING_SIGNATURES_MARKDOWN = `## Verifying webhook signatures

Every delivery (see **Webhooks** below for each event's body) is signed with the [Standard Webhooks](https://www.standardwebhooks.com) scheme, so any Standard Webhooks library can check it. Three headers come with each request:

- \`webhook-id\`: the event id, the same on every retry and redelivery: drop duplicates by it.
- \`webhook-timestamp\`: Unix seconds of the attempt; refuse one more than 5 minutes off (a replay).
- \`webhook-signature\`: \`v1,<base64 signature>\`, where the signature is the HMAC-SHA256 of \`<webhook-id>.<webhook-timestamp>.<raw body>\` keyed with the bytes of your endpoint secret (base64-decode what follows \`whsec_\`). During a secret rotation's grace period the header holds two entries, space-delimited (\`v1,<new> v1,<previous>\`): accept the request when **any** of them matches.

Verify the raw bytes of the body before parsing them, and answer 2xx within 10 seconds.

**TypeScript** (\`verifyWebhook\` from \`@hireflow/sdk\` returns the typed event and throws on a bad signature):

\`\`\`typescript
${VERIFY_TYPESCRIPT}
\`\`\`

**Python** (the standard library only):

\`\`\`python
${VERIFY_PYTHON}
\`\`\`
`;
