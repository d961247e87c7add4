import { existsSync } from "node:fs";
import { mkdir, readdir, readFile, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { StorageKeyError, createLocalStorage, getStorage, isValidKey, sanitizeFilename, type BlobStorage } from "../src/index.ts";
import { randomBody, readAll, tempDir } from "./helpers.ts";

let root: string;
let cleanup: () => Promise<void>;
let storage: BlobStorage;

beforeEach(async () => {
  ({ dir: root, cleanup } = await tempDir());
  storage = createLocalStorage(path.join(root, "blobs"));
});
afterEach(() => cleanup());

describe("local storage", () => {
  it("round-trips bytes and content type, then deletes idempotently", async () => {
    const body = randomBody(256 * 1024 + 3);
    const { key, size } = await storage.put({ prefix: "resumes", filename: "Jane Doe CV.pdf", contentType: "application/pdf", body });
    expect(size).toBe(body.byteLength);
    expect(key).toMatch(/^resumes\/[A-Za-z0-9_-]{22}\/Jane_Doe_CV\.pdf$/);

    const got = await storage.get(key);
    expect(got).not.toBeNull();
    expect(got!.size).toBe(body.byteLength);
    expect(got!.contentType).toBe("application/pdf");
    expect(await readAll(got!.body)).toEqual(body);

    // Stored where the key says, with a sidecar, and nothing left in the temp folder.
    const file = path.join(root, "blobs", ...key.split("/"));
    expect(new Uint8Array(await readFile(file))).toEqual(body);
    expect(JSON.parse(await readFile(`${file}.meta.json`, "utf8"))).toMatchObject({ contentType: "application/pdf" });
    expect(await readdir(path.join(root, "blobs", ".tmp"))).toEqual([]);

    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
    expect(existsSync(path.dirname(file))).toBe(false);
    expect(existsSync(path.join(root, "blobs", "resumes"))).toBe(true);
    await expect(storage.delete(key)).resolves.toBeUndefined();
  });

  it("generates a fresh unguessable key for every put, even for the same name", async () => {
    const input = { prefix: "resumes/job-1", filename: "cv.pdf", contentType: "application/pdf", body: randomBody(10) };
    const keys = new Set<string>();
    for (let i = 0; i < 20; i++) keys.add((await storage.put(input)).key);
    expect(keys.size).toBe(20);
  });

  it("stores empty bodies and defaults a missing content type", async () => {
    const { key } = await storage.put({ prefix: "x", filename: "", contentType: "", body: new Uint8Array() });
    expect(key).toMatch(/^x\/[A-Za-z0-9_-]{22}\/file$/);
    const got = await storage.get(key);
    expect(got!.size).toBe(0);
    expect(got!.contentType).toBe("application/octet-stream");
    expect((await readAll(got!.body)).byteLength).toBe(0);
  });

  it("keeps serving an open download after the blob is deleted", async () => {
    const body = randomBody(1000);
    const { key } = await storage.put({ prefix: "r", filename: "a.pdf", contentType: "application/pdf", body });
    const got = await storage.get(key);
    await storage.delete(key);
    expect(await readAll(got!.body)).toEqual(body);
  });

  it("refuses invalid prefixes", async () => {
    for (const prefix of ["", "../x", "/abs", "a//b", ".hidden", "a\\b", "a/../b", "a\0b", "a b"]) {
      await expect(storage.put({ prefix, filename: "f", contentType: "text/plain", body: randomBody(1) })).rejects.toThrow(StorageKeyError);
    }
  });

  it("never resolves a key outside the root or onto a non-blob file", async () => {
    const blobs = path.join(root, "blobs");
    await mkdir(blobs, { recursive: true });
    await writeFile(path.join(root, "secret.txt"), "top secret");
    await writeFile(path.join(blobs, "plain"), "plain");
    const { key } = await storage.put({ prefix: "r", filename: "ok.txt", contentType: "text/plain", body: randomBody(5) });
    await mkdir(path.join(blobs, "linked"), { recursive: true });
    await symlink(path.join(root, "secret.txt"), path.join(blobs, "linked", "secret.txt"));

    const attempts = [
      "../secret.txt",
      "r/../../secret.txt",
      "./../secret.txt",
      "/etc/passwd",
      path.join(root, "secret.txt"),
      "..\\secret.txt",
      "r\\..\\..\\secret.txt",
      "secret.txt\0",
      "r/%2e%2e/secret.txt",
      "..",
      ".",
      "",
      "r/",
      "/r",
      "r//x",
      `${key}.meta.json`,
      `${key}/..`,
      `${key}/x`,
      "r", // a directory
      ".tmp",
      "linked/secret.txt", // symlink out of the root
      "C:\\Windows\\win.ini",
      "file:///etc/passwd",
    ];
    for (const attempt of attempts) {
      expect(await storage.get(attempt), attempt).toBeNull();
      await expect(storage.delete(attempt)).resolves.toBeUndefined();
    }
    expect(await readFile(path.join(root, "secret.txt"), "utf8")).toBe("top secret");
    expect(await storage.get(key)).not.toBeNull();
  });

  it("sanitises file names into safe key segments", () => {
    expect(sanitizeFilename("../../etc/passwd")).toBe("passwd");
    expect(sanitizeFilename("C:\\Users\\me\\Résumé (final).pdf")).toBe("Resume_final.pdf");
    expect(sanitizeFilename("...hidden")).toBe("file.hidden");
    expect(sanitizeFilename(".bashrc")).toBe("bashrc");
    expect(sanitizeFilename("履歴書.docx")).toBe("file.docx");
    expect(sanitizeFilename("x.meta.json")).toBe("x.meta_json");
    expect(sanitizeFilename("a\0b\r\n.pdf")).toBe("a_b.pdf");
    expect(sanitizeFilename("..")).toBe("file");
    const long = sanitizeFilename(`${"a".repeat(500)}.pdf`);
    expect(long.length).toBeLessThanOrEqual(117);
    expect(long.endsWith(".pdf")).toBe(true);
    for (const name of ["../../etc/passwd", "履歴書.docx", "", "..", "a/b\\c", "x.meta.json"]) {
      expect(isValidKey(`p/r/${sanitizeFilename(name)}`)).toBe(true);
    }
  });
});

describe("getStorage", () => {
  const saved = { BLOB_DIR: process.env.BLOB_DIR, BLOB_READ_WRITE_TOKEN: process.env.BLOB_READ_WRITE_TOKEN };
  afterEach(() => {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  });

  it("uses the local driver under BLOB_DIR when no Vercel token is set, and caches it", async () => {
    delete process.env.BLOB_READ_WRITE_TOKEN;
    process.env.BLOB_DIR = path.join(root, "custom");
    const first = getStorage();
    expect(first.driver).toBe("local");
    expect(getStorage()).toBe(first);
    const { key } = await first.put({ prefix: "p", filename: "a.txt", contentType: "text/plain", body: randomBody(3) });
    expect(existsSync(path.join(root, "custom", ...key.split("/")))).toBe(true);

    process.env.BLOB_DIR = path.join(root, "other");
    expect(getStorage()).not.toBe(first);
  });

  it("defaults to <localDataDir>/blobs", async () => {
    delete process.env.BLOB_READ_WRITE_TOKEN;
    delete process.env.BLOB_DIR;
    const { localBlobDir } = await import("../src/index.ts");
    const { localDataDir } = await import("@hireflow/config");
    expect(localBlobDir()).toBe(path.join(localDataDir(), "blobs"));
  });

  it("switches to Vercel Blob when BLOB_READ_WRITE_TOKEN is set", () => {
    process.env.BLOB_READ_WRITE_TOKEN = "vercel_blob_rw_store123_secret";
    expect(getStorage().driver).toBe("vercel-blob");
  });
});
