// The Vercel driver cannot reach Vercel Blob offline. These tests replace only the `@vercel/blob` module
// boundary with an in-memory fake and check what the driver asks of the SDK and how it reads the answers;
// they do not prove the real service behaves like the fake.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import * as sdk from "@vercel/blob";
import { createVercelBlobStorage, getStorage, serveSignedFile, signFileToken } from "../src/index.ts";
import { randomBody, readAll } from "./helpers.ts";

const store = new Map<string, { body: Uint8Array<ArrayBuffer>; contentType: string }>();

vi.mock("@vercel/blob", async (importOriginal) => {
  const real = await importOriginal<typeof sdk>();
  return {
    BlobNotFoundError: real.BlobNotFoundError,
    put: vi.fn(async (pathname: string, body: Buffer, options: { contentType?: string; allowOverwrite?: boolean }) => {
      if (store.has(pathname) && !options.allowOverwrite) throw new real.BlobError("This blob already exists");
      store.set(pathname, { body: new Uint8Array(body), contentType: options.contentType ?? "application/octet-stream" });
      return { pathname, url: `https://store.private.blob.vercel-storage.com/${pathname}`, contentType: options.contentType };
    }),
    get: vi.fn(async (pathname: string) => {
      const entry = store.get(pathname);
      if (!entry) return null;
      return {
        statusCode: 200,
        stream: new Response(entry.body).body,
        headers: new Headers({ "content-length": String(entry.body.byteLength), "content-type": entry.contentType }),
        blob: { pathname, contentType: entry.contentType, size: entry.body.byteLength },
      };
    }),
    head: vi.fn(async (pathname: string) => {
      const entry = store.get(pathname);
      if (!entry) throw new real.BlobNotFoundError();
      return { pathname, size: entry.body.byteLength, contentType: entry.contentType };
    }),
    del: vi.fn(async (pathname: string) => {
      store.delete(pathname);
    }),
    // Pages of two, so the driver must follow the cursor.
    list: vi.fn(async (options: { prefix?: string; cursor?: string }) => {
      const keys = [...store.keys()].filter((k) => k.startsWith(options.prefix ?? "")).sort();
      const start = Number(options.cursor ?? 0);
      const page = keys.slice(start, start + 2);
      const hasMore = start + 2 < keys.length;
      return { blobs: page.map((pathname) => ({ pathname, uploadedAt: new Date(0) })), hasMore, cursor: hasMore ? String(start + 2) : undefined };
    }),
  };
});

const TOKEN = "vercel_blob_rw_teststore_secret";
const put = vi.mocked(sdk.put);
const get = vi.mocked(sdk.get);
const head = vi.mocked(sdk.head);
const del = vi.mocked(sdk.del);

beforeEach(() => {
  store.clear();
  vi.clearAllMocks();
});

describe("vercel-blob driver (SDK mocked)", () => {
  const storage = createVercelBlobStorage({ token: TOKEN });

  it("puts privately under a generated random pathname, without overwrite", async () => {
    const body = randomBody(1234);
    const { key, size } = await storage.put({ prefix: "resumes/job-1", filename: "Jane Doe.pdf", contentType: "application/pdf", body });
    expect(size).toBe(1234);
    expect(key).toMatch(/^resumes\/job-1\/[A-Za-z0-9_-]{22}\/Jane_Doe\.pdf$/);
    expect(put).toHaveBeenCalledOnce();
    const [pathname, sent, options] = put.mock.calls[0]!;
    expect(pathname).toBe(key);
    expect(new Uint8Array(sent as Buffer)).toEqual(body);
    expect(options).toMatchObject({ access: "private", addRandomSuffix: false, allowOverwrite: false, contentType: "application/pdf", token: TOKEN });
  });

  it("gets the stream, size and type from a private, uncached read", async () => {
    const body = randomBody(5000);
    const { key } = await storage.put({ prefix: "r", filename: "a.docx", contentType: "application/msword", body });
    const got = await storage.get(key);
    expect(get).toHaveBeenCalledWith(key, { access: "private", token: TOKEN, useCache: false });
    expect(got!.size).toBe(5000);
    expect(got!.contentType).toBe("application/msword");
    expect(await readAll(got!.body)).toEqual(body);
    expect(head).not.toHaveBeenCalled();
  });

  it("asks head for the size when the response has no content-length", async () => {
    const { key } = await storage.put({ prefix: "r", filename: "a.pdf", contentType: "application/pdf", body: randomBody(77) });
    get.mockImplementationOnce(async () => ({
      statusCode: 200,
      stream: new Response(randomBody(77)).body!,
      headers: new Headers() as never,
      blob: { pathname: key, contentType: "application/pdf", size: 0 } as never,
    }));
    const got = await storage.get(key);
    expect(head).toHaveBeenCalledWith(key, { token: TOKEN });
    expect(got!.size).toBe(77);
  });

  it("maps a missing blob to null, whether the SDK returns null or throws BlobNotFoundError", async () => {
    expect(await storage.get("r/AAAAAAAAAAAAAAAAAAAAAA/missing.pdf")).toBeNull();
    get.mockRejectedValueOnce(new sdk.BlobNotFoundError());
    expect(await storage.get("r/AAAAAAAAAAAAAAAAAAAAAA/missing.pdf")).toBeNull();
  });

  it("propagates other SDK failures so callers can retry", async () => {
    get.mockRejectedValueOnce(new Error("service unavailable"));
    await expect(storage.get("r/AAAAAAAAAAAAAAAAAAAAAA/a.pdf")).rejects.toThrow("service unavailable");
    del.mockRejectedValueOnce(new Error("service unavailable"));
    await expect(storage.delete("r/AAAAAAAAAAAAAAAAAAAAAA/a.pdf")).rejects.toThrow("service unavailable");
  });

  it("never hands URLs or traversal paths to the SDK", async () => {
    for (const key of ["https://other.public.blob.vercel-storage.com/x.pdf", "../x", "/abs", "a/../b", "a\\b", "a\0b", ""]) {
      expect(await storage.get(key)).toBeNull();
      await storage.delete(key);
    }
    expect(get).not.toHaveBeenCalled();
    expect(del).not.toHaveBeenCalled();
  });

  it("deletes idempotently", async () => {
    const { key } = await storage.put({ prefix: "r", filename: "a.pdf", contentType: "application/pdf", body: randomBody(3) });
    await storage.delete(key);
    expect(del).toHaveBeenCalledWith(key, { token: TOKEN });
    expect(await storage.get(key)).toBeNull();
    del.mockRejectedValueOnce(new sdk.BlobNotFoundError());
    await expect(storage.delete(key)).resolves.toBeUndefined();
  });

  it("serves a signed URL through the driver", async () => {
    const body = randomBody(999);
    const { key } = await storage.put({ prefix: "r", filename: "a.pdf", contentType: "application/pdf", body });
    const response = await serveSignedFile(signFileToken({ key, filename: "a.pdf" }), storage);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-length")).toBe("999");
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(body);
  });

  it("lists every blob under a prefix across pages, with upload times", async () => {
    const keys = [];
    for (let i = 0; i < 5; i++) keys.push((await storage.put({ prefix: "resumes/7", filename: `cv${i}.pdf`, contentType: "application/pdf", body: randomBody(10) })).key);
    await storage.put({ prefix: "exports", filename: "x.csv", contentType: "text/csv", body: randomBody(10) });
    const listed = [];
    for await (const blob of storage.list("resumes/")) listed.push(blob);
    expect(listed.map((b) => b.key).sort()).toEqual(keys.sort());
    expect(listed.every((b) => b.uploadedAt instanceof Date)).toBe(true);
    expect(vi.mocked(sdk.list).mock.calls.every(([options]) => options?.token === TOKEN && options?.prefix === "resumes/")).toBe(true);
  });

  it("requires a token", () => {
    const saved = process.env.BLOB_READ_WRITE_TOKEN;
    delete process.env.BLOB_READ_WRITE_TOKEN;
    try {
      expect(() => createVercelBlobStorage()).toThrow(/BLOB_READ_WRITE_TOKEN/);
    } finally {
      if (saved !== undefined) process.env.BLOB_READ_WRITE_TOKEN = saved;
    }
  });
});

describe("getStorage with BLOB_READ_WRITE_TOKEN", () => {
  const saved = process.env.BLOB_READ_WRITE_TOKEN;
  afterEach(() => {
    if (saved === undefined) delete process.env.BLOB_READ_WRITE_TOKEN;
    else process.env.BLOB_READ_WRITE_TOKEN = saved;
  });

  it("selects the vercel driver and passes it the token", async () => {
    process.env.BLOB_READ_WRITE_TOKEN = "vercel_blob_rw_fromenv_secret";
    const storage = getStorage();
    expect(storage.driver).toBe("vercel-blob");
    await storage.put({ prefix: "r", filename: "a.txt", contentType: "text/plain", body: randomBody(1) });
    expect(put.mock.calls[0]![2]).toMatchObject({ token: "vercel_blob_rw_fromenv_secret", access: "private" });
  });
});
