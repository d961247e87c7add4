import * as blob from "@vercel/blob";
import { generateKey, isValidKey } from "./keys.ts";
import type { BlobStorage, ListedBlob, PutInput, StoredBlob } from "./types.ts";

/** The slice of `@vercel/blob` this driver uses; injectable so tests can stand in for the network. */
export interface VercelBlobApi {
  put: typeof blob.put;
  get: typeof blob.get;
  head: typeof blob.head;
  del: typeof blob.del;
  /** Optional in fakes that never list; the SDK's own is used then. */
  list?: typeof blob.list;
  BlobNotFoundError: typeof blob.BlobNotFoundError;
}

export interface VercelBlobStorageOptions {
  /** Defaults to BLOB_READ_WRITE_TOKEN. */
  token?: string;
  api?: VercelBlobApi;
}

/**
 * Vercel Blob driver. Blobs are stored with `access: "private"`, so their store URLs are useless without
 * the read-write token; the only way in for a browser is our signed /api/files URL.
 */
export function createVercelBlobStorage(options: VercelBlobStorageOptions = {}): BlobStorage {
  const api = options.api ?? blob;
  const token = options.token ?? process.env.BLOB_READ_WRITE_TOKEN;
  if (!token) throw new Error("BLOB_READ_WRITE_TOKEN is required for the vercel-blob storage driver");

  const isNotFound = (error: unknown) => error instanceof api.BlobNotFoundError;

  return {
    driver: "vercel-blob",

    async put({ prefix, filename, contentType, body }: PutInput) {
      // The key already carries 128 random bits, so we keep the pathname exactly as generated instead
      // of letting the SDK append its own suffix, and refuse to overwrite in the (impossible) collision.
      const pathname = generateKey(prefix, filename);
      const result = await api.put(pathname, Buffer.from(body.buffer, body.byteOffset, body.byteLength), {
        access: "private",
        addRandomSuffix: false,
        allowOverwrite: false,
        contentType,
        token,
      });
      return { key: result.pathname, size: body.byteLength };
    },

    async get(key: string): Promise<StoredBlob | null> {
      // Only a pathname we generated may reach the SDK: a full URL or odd path could address another store
      // object, and the SDK would happily fetch it with our token.
      if (!isValidKey(key)) return null;
      let result;
      try {
        // Bypass the CDN so a deleted resume stops being served at once.
        result = await api.get(key, { access: "private", token, useCache: false });
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
      if (!result) return null;
      if (result.statusCode !== 200) throw new Error(`Unexpected Vercel Blob status ${result.statusCode}`);
      let size = result.headers.get("content-length") === null ? null : result.blob.size;
      if (size === null) {
        // Without content-length the SDK reports 0; ask for the real size rather than send a wrong header.
        try {
          size = (await api.head(key, { token })).size;
        } catch (error) {
          await result.stream.cancel().catch(() => undefined);
          if (isNotFound(error)) return null;
          throw error;
        }
      }
      return { body: result.stream, size, contentType: result.blob.contentType };
    },

    async delete(key: string): Promise<void> {
      if (!isValidKey(key)) return;
      try {
        await api.del(key, { token });
      } catch (error) {
        if (!isNotFound(error)) throw error;
      }
    },

    async *list(prefix: string): AsyncIterable<ListedBlob> {
      const list = api.list ?? blob.list;
      let cursor: string | undefined;
      do {
        const page = await list({ prefix, cursor, limit: 1000, token });
        for (const item of page.blobs) {
          if (isValidKey(item.pathname)) yield { key: item.pathname, uploadedAt: new Date(item.uploadedAt) };
        }
        cursor = page.hasMore ? page.cursor : undefined;
      } while (cursor);
    },
  };
}
