import { createHmac, timingSafeEqual } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { signatureHeaders } from "../../src/webhooks/index.ts";

// The verification code receivers copy from README.md and docs/WEBHOOKS.md, run as printed: it must
// accept a header listing several signatures (a secret rotation's grace period) when any matches.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../..");

type Verify = (secret: string, headers: Record<string, string | undefined>, rawBody: string) => boolean;

/** The named function of the first ```js block of a Markdown file that defines it, made callable. */
async function snippet(file: string, name: string): Promise<Verify> {
  const text = await readFile(path.join(root, file), "utf8");
  const block = [...text.matchAll(/```js\n([\s\S]*?)```/g)].map((m) => m[1]!).find((code) => code.includes(`function ${name}(`));
  if (!block) throw new Error(`${file}: no js block defines ${name}`);
  // The function alone: from its declaration to the first line that closes it.
  const start = block.indexOf(`function ${name}(`);
  const end = block.indexOf("\n}\n", start);
  const source = block.slice(start, end + 2);
  return new Function("createHmac", "timingSafeEqual", "Buffer", `${source}\nreturn ${name};`)(createHmac, timingSafeEqual, Buffer) as Verify;
}

const secretA = `whsec_${Buffer.alloc(32, 3).toString("base64")}`;
const secretB = `whsec_${Buffer.alloc(32, 4).toString("base64")}`;
const stranger = `whsec_${Buffer.alloc(32, 5).toString("base64")}`;
const body = '{"event":"webhook.test","occurred_at":"2026-11-21T09:30:00.000Z"}';

describe.each([
  ["README.md", "verify"],
  ["docs/WEBHOOKS.md", "verifyHireflowWebhook"],
])("the verification snippet in %s", (file, name) => {
  it("accepts one signature, or several when any matches, and refuses the rest", async () => {
    const verify = await snippet(file, name);
    const single = signatureHeaders(secretA, "evt-1", body);
    expect(verify(secretA, single, body)).toBe(true);
    expect(verify(secretB, single, body)).toBe(false);

    const both = signatureHeaders([secretB, secretA], "evt-1", body);
    expect(both["webhook-signature"].split(" ")).toHaveLength(2);
    expect(verify(secretA, both, body)).toBe(true);
    expect(verify(secretB, both, body)).toBe(true);
    expect(verify(stranger, both, body)).toBe(false);
    expect(verify(secretA, both, `${body} `)).toBe(false);
    expect(verify(secretA, { ...both, "webhook-id": "evt-2" }, body)).toBe(false);
    expect(verify(secretA, signatureHeaders([secretB, secretA], "evt-1", body, Date.now() - 10 * 60_000), body)).toBe(false);
    // Malformed headers are a refusal, not an exception.
    expect(verify(secretA, { ...both, "webhook-signature": `v1 ${both["webhook-signature"].split(" ")[0]}` }, body)).toBe(false);
    expect(verify(secretA, { ...both, "webhook-signature": undefined }, body)).toBe(false);
  });
});
