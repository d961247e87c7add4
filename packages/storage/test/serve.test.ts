import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { contentDisposition, createLocalStorage, serveSignedFile, signFileToken, type BlobStorage } from "../src/index.ts";
import { randomBody, tempDir } from "./helpers.ts";

let cleanup: () => Promise<void>;
let storage: BlobStorage;

beforeEach(async () => {
  const tmp = await tempDir();
  cleanup = tmp.cleanup;
  storage = createLocalStorage(path.join(tmp.dir, "blobs"));
});
afterEach(() => cleanup());

async function expectError(response: Response, status: number, code: string) {
  expect(response.status).toBe(status);
  expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  expect(response.headers.get("cache-control")).toBe("no-store");
  const body = (await response.json()) as { error: { code: string; message: string } };
  expect(body.error.code).toBe(code);
  expect(typeof body.error.message).toBe("string");
  expect(Object.keys(body)).toEqual(["error"]);
}

describe("serveSignedFile", () => {
  it("streams the same bytes with download headers", async () => {
    const body = randomBody(300_001);
    const { key } = await storage.put({ prefix: "resumes", filename: "cv.pdf", contentType: "application/pdf", body });
    const now = Date.now();
    const token = signFileToken({ key, filename: "Jane Doe.pdf" }, { now });
    const response = await serveSignedFile(token, storage, { now });
    expect(response.status).toBe(200);
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(body);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-length")).toBe("300001");
    expect(response.headers.get("content-disposition")).toBe(`attachment; filename="Jane Doe.pdf"; filename*=UTF-8''Jane%20Doe.pdf`);
    expect(response.headers.get("cache-control")).toBe("private, max-age=3600");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("content-security-policy")).toContain("sandbox");
  });

  it("caches no longer than the token lives, and prefers the token's content type", async () => {
    const { key } = await storage.put({ prefix: "r", filename: "a", contentType: "application/octet-stream", body: randomBody(4) });
    // Whole seconds: expiries are stored in seconds.
    const now = Math.floor(Date.now() / 1000) * 1000;
    const token = signFileToken({ key, filename: "a.docx", contentType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document", expiresInSeconds: 90 }, { now });
    const response = await serveSignedFile(token, storage, { now: now + 30_000 });
    expect(response.headers.get("cache-control")).toBe("private, max-age=60");
    expect(response.headers.get("content-type")).toBe("application/vnd.openxmlformats-officedocument.wordprocessingml.document");
    await response.body?.cancel();
  });

  it("never lets a stored content type inject headers", async () => {
    const { key } = await storage.put({ prefix: "r", filename: "a", contentType: "text/html\r\nset-cookie: x=1", body: randomBody(4) });
    const response = await serveSignedFile(signFileToken({ key, filename: "a.html" }), storage);
    expect(response.headers.get("content-type")).toBe("application/octet-stream");
    expect(response.headers.get("set-cookie")).toBeNull();
    await response.body?.cancel();
  });

  it("answers 403 with the error envelope for expired, tampered, foreign-secret and malformed tokens", async () => {
    const { key } = await storage.put({ prefix: "r", filename: "a.pdf", contentType: "application/pdf", body: randomBody(4) });
    const good = signFileToken({ key, filename: "a.pdf" });
    const [payload, signature] = good.split(".") as [string, string];
    const otherKeyPayload = Buffer.from(JSON.stringify({ k: "r/BBBBBBBBBBBBBBBBBBBBBB/a.pdf", f: "a.pdf", e: 4102444800 })).toString("base64url");
    const bad = [
      signFileToken({ key, filename: "a.pdf", expiresInSeconds: -5 }),
      `${otherKeyPayload}.${signature}`,
      `${payload}.${signature.slice(0, -2)}AA`,
      signFileToken({ key, filename: "a.pdf" }, { secret: "x".repeat(40) }),
      "not-a-token",
      "",
      "../../etc/passwd",
    ];
    for (const token of bad) await expectError(await serveSignedFile(token, storage), 403, "forbidden");

    const expired = await serveSignedFile(bad[0]!, storage);
    expect(((await expired.json()) as { error: { message: string } }).error.message).toMatch(/expired/);
  });

  it("answers 404 when the token is genuine but the blob is gone", async () => {
    const { key } = await storage.put({ prefix: "r", filename: "a.pdf", contentType: "application/pdf", body: randomBody(4) });
    const token = signFileToken({ key, filename: "a.pdf" });
    await storage.delete(key);
    await expectError(await serveSignedFile(token, storage), 404, "not_found");
  });

  it("answers 500 internal_error, without leaking details, when storage fails", async () => {
    const failing: BlobStorage = { ...storage, get: () => Promise.reject(new Error("ECONNRESET to blob store")) };
    const onError = vi.fn();
    const token = signFileToken({ key: "r/AAAAAAAAAAAAAAAAAAAAAA/a.pdf", filename: "a.pdf" });
    const response = await serveSignedFile(token, failing, { onError });
    expect(onError).toHaveBeenCalledOnce();
    expect(response.status).toBe(500);
    expect(await response.text()).not.toContain("ECONNRESET");
  });
});

describe("contentDisposition", () => {
  it.each([
    ["cv.pdf", `attachment; filename="cv.pdf"; filename*=UTF-8''cv.pdf`],
    ['evil"; filename="x.exe', `attachment; filename="evil_; filename=_x.exe"; filename*=UTF-8''evil%22%3B%20filename%3D%22x.exe`],
    ["Résumé – Zoë.pdf", `attachment; filename="R_sum_ _ Zo_.pdf"; filename*=UTF-8''R%C3%A9sum%C3%A9%20%E2%80%93%20Zo%C3%AB.pdf`],
    ["履歴書.docx", `attachment; filename="___.docx"; filename*=UTF-8''%E5%B1%A5%E6%AD%B4%E6%9B%B8.docx`],
    ["a\r\nSet-Cookie: x=1.pdf", `attachment; filename="aSet-Cookie: x=1.pdf"; filename*=UTF-8''aSet-Cookie%3A%20x%3D1.pdf`],
    ["../../etc/passwd", `attachment; filename="passwd"; filename*=UTF-8''passwd`],
    ["C:\\x\\y.pdf", `attachment; filename="y.pdf"; filename*=UTF-8''y.pdf`],
    ["it's (1)*.pdf", `attachment; filename="it's (1)*.pdf"; filename*=UTF-8''it%27s%20%281%29%2A.pdf`],
    ["", `attachment; filename="download"; filename*=UTF-8''download`],
    ["..", `attachment; filename="download"; filename*=UTF-8''download`],
    ["bad\uD800surrogate.pdf", `attachment; filename="bad_surrogate.pdf"; filename*=UTF-8''bad%EF%BF%BDsurrogate.pdf`],
    ["\u{1F4C4} cv.pdf", `attachment; filename="__ cv.pdf"; filename*=UTF-8''%F0%9F%93%84%20cv.pdf`],
  ])("%j", (input, expected) => {
    expect(contentDisposition(input)).toBe(expected);
    // Must be a legal header value.
    expect(() => new Headers({ "content-disposition": contentDisposition(input) })).not.toThrow();
  });
});
