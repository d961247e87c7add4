import { createHmac, timingSafeEqual } from "node:crypto";
import http from "node:http";
import { type AddressInfo } from "node:net";

export interface ReceivedWebhook {
  headers: http.IncomingHttpHeaders;
  body: string;
  json: any;
}

/** A local webhook receiver (node:http on 127.0.0.1) that records every POST and answers 200. */
export async function startReceiver() {
  const received: ReceivedWebhook[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      let json: unknown = null;
      try {
        json = JSON.parse(body);
      } catch {
        // recorded as text
      }
      received.push({ headers: req.headers, body, json });
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ ok: true, received: received.length }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/hireflow`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Standard Webhooks: v1,base64(HMAC-SHA256(secret bytes, "<id>.<timestamp>.<body>")). */
export function signatureMatches(secret: string, hook: ReceivedWebhook): boolean {
  const key = Buffer.from(secret.replace(/^whsec_/, ""), "base64");
  const expected = createHmac("sha256", key).update(`${hook.headers["webhook-id"]}.${hook.headers["webhook-timestamp"]}.${hook.body}`).digest("base64");
  return String(hook.headers["webhook-signature"] ?? "")
    .split(" ")
    .some((part) => {
      const [version, sig] = part.split(",");
      return version === "v1" && !!sig && sig.length === expected.length && timingSafeEqual(Buffer.from(sig), Buffer.from(expected));
    });
}
