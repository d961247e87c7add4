import path from "node:path";
import { localDataDir } from "@hireflow/config";
import { createLocalStorage } from "./local.ts";
import type { BlobStorage } from "./types.ts";
import { createVercelBlobStorage } from "./vercel.ts";

let cached: { config: string; storage: BlobStorage } | undefined;
let override: BlobStorage | undefined;

/** `<BLOB_DIR>`, else `<localDataDir()>/blobs`. */
export function localBlobDir(): string {
  return process.env.BLOB_DIR ? path.resolve(process.env.BLOB_DIR) : path.join(localDataDir(), "blobs");
}

/**
 * The process-wide storage: Vercel Blob when BLOB_READ_WRITE_TOKEN is set, the local filesystem otherwise.
 * Cached per configuration, so a test (or a dev reload) that changes the environment gets a matching driver.
 */
export function getStorage(): BlobStorage {
  if (override) return override;
  const token = process.env.BLOB_READ_WRITE_TOKEN;
  const config = token ? `vercel-blob:${token}` : `local:${localBlobDir()}`;
  if (cached?.config !== config) {
    cached = { config, storage: token ? createVercelBlobStorage({ token }) : createLocalStorage(localBlobDir()) };
  }
  return cached.storage;
}

/** Makes getStorage() return `storage` (e.g. a failing fake); pass undefined to restore the default. */
export function setStorageForTesting(storage: BlobStorage | undefined): void {
  override = storage;
}
