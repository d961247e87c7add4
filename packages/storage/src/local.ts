import { randomBytes } from "node:crypto";
import { constants, type Stats } from "node:fs";
import { mkdir, open, readdir, readFile, rename, rm, rmdir, stat, unlink } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { META_SUFFIX, generateKey, isValidKey } from "./keys.ts";
import type { BlobStorage, ListedBlob, PutInput, StoredBlob } from "./types.ts";

const DEFAULT_CONTENT_TYPE = "application/octet-stream";
// Temp files live in a dot-folder, which no valid key can reach, so a half-written file is never served.
const TMP_DIR = ".tmp";
// Resumes are personal data: keep them readable by the server's user only.
const FILE_MODE = 0o600;
const DIR_MODE = 0o700;
// A symlink planted inside the root is never followed (O_NOFOLLOW is POSIX-only, hence the fallback).
const OPEN_READ = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0);

interface Meta {
  contentType: string;
  size: number;
}

/** Filesystem driver: `<rootDir>/<key>` plus a `<key>.meta.json` sidecar holding the content type. */
export function createLocalStorage(rootDir: string): BlobStorage {
  const root = path.resolve(rootDir);

  /** The file for a key, or null when the key is malformed or would resolve outside the root. */
  function fileFor(key: string): string | null {
    if (!isValidKey(key)) return null;
    const file = path.resolve(root, ...key.split("/"));
    // The key grammar already excludes "..", absolute paths and separators; this is the second lock.
    return file.startsWith(root + path.sep) ? file : null;
  }

  async function writeAtomically(target: string, data: Uint8Array | string): Promise<void> {
    const tmp = path.join(root, TMP_DIR, `${randomBytes(12).toString("hex")}.tmp`);
    const handle = await open(tmp, "wx", FILE_MODE);
    try {
      await handle.writeFile(data);
      await handle.sync();
    } catch (error) {
      await handle.close();
      await rm(tmp, { force: true });
      throw error;
    }
    await handle.close();
    try {
      await rename(tmp, target);
    } catch (error) {
      await rm(tmp, { force: true });
      throw error;
    }
  }

  return {
    driver: "local",

    async put({ prefix, filename, contentType, body }: PutInput) {
      const key = generateKey(prefix, filename);
      const file = fileFor(key);
      if (!file) throw new Error(`Generated an invalid storage key: ${key}`);
      await mkdir(path.join(root, TMP_DIR), { recursive: true, mode: DIR_MODE });
      await mkdir(path.dirname(file), { recursive: true, mode: DIR_MODE });
      const meta: Meta = { contentType: contentType || DEFAULT_CONTENT_TYPE, size: body.byteLength };
      try {
        // Sidecar first: the data file's rename is the commit point, so a visible blob always has its type.
        await writeAtomically(file + META_SUFFIX, JSON.stringify(meta));
        await writeAtomically(file, body);
      } catch (error) {
        await removeBlob(root, file);
        throw error;
      }
      return { key, size: body.byteLength };
    },

    async get(key: string): Promise<StoredBlob | null> {
      const file = fileFor(key);
      if (!file) return null;
      let handle;
      try {
        handle = await open(file, OPEN_READ);
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
      let stats: Stats;
      let contentType: string;
      try {
        stats = await handle.stat();
        if (!stats.isFile()) {
          await handle.close();
          return null;
        }
        contentType = await readContentType(file + META_SUFFIX);
      } catch (error) {
        await handle.close();
        throw error;
      }
      // The open handle keeps the bytes readable even if the blob is deleted mid-download; the stream
      // closes the handle when it ends or is cancelled.
      const body = Readable.toWeb(handle.createReadStream()) as ReadableStream<Uint8Array>;
      return { body, size: stats.size, contentType };
    },

    async delete(key: string): Promise<void> {
      const file = fileFor(key);
      if (!file) return;
      await removeBlob(root, file);
    },

    async *list(prefix: string): AsyncIterable<ListedBlob> {
      // Walk the folders under the prefix; sidecars, temp files and anything put() cannot have made are skipped.
      const pending = [path.join(root, ...prefix.split("/").filter(Boolean))];
      while (pending.length) {
        const dir = pending.pop()!;
        let entries;
        try {
          entries = await readdir(dir, { withFileTypes: true });
        } catch (error) {
          if (isMissing(error)) continue;
          throw error;
        }
        for (const entry of entries) {
          const full = path.join(dir, entry.name);
          if (entry.isDirectory()) {
            if (entry.name !== TMP_DIR) pending.push(full);
            continue;
          }
          const key = path.relative(root, full).split(path.sep).join("/");
          if (!entry.isFile() || !isValidKey(key)) continue;
          const stats = await stat(full).catch(() => null);
          if (stats) yield { key, uploadedAt: stats.mtime };
        }
      }
    },
  };
}

async function removeBlob(root: string, file: string): Promise<void> {
  // Data first: once it is gone the blob is invisible, whatever happens to the sidecar afterwards.
  await unlinkIfPresent(file);
  await unlinkIfPresent(file + META_SUFFIX);
  // The random folder held only this blob; rmdir leaves non-empty (prefix) folders alone.
  const dir = path.dirname(file);
  if (dir !== root) await rmdir(dir).catch(() => undefined);
}

async function unlinkIfPresent(file: string): Promise<void> {
  try {
    // unlink, not rm: a key naming a directory must never delete anything.
    await unlink(file);
  } catch (error) {
    if (!isMissing(error) && (error as NodeJS.ErrnoException).code !== "EISDIR") throw error;
  }
}

async function readContentType(metaFile: string): Promise<string> {
  try {
    const meta = JSON.parse(await readFile(metaFile, "utf8")) as Partial<Meta>;
    return typeof meta.contentType === "string" && meta.contentType ? meta.contentType : DEFAULT_CONTENT_TYPE;
  } catch (error) {
    if (isMissing(error) || error instanceof SyntaxError) return DEFAULT_CONTENT_TYPE;
    throw error;
  }
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  // ENOTDIR: a key that runs through an existing file ("a/file/more") simply does not exist. ELOOP: a
  // symlink refused by O_NOFOLLOW is treated as absent rather than followed.
  return code === "ENOENT" || code === "ENOTDIR" || code === "ELOOP";
}
