/** What a caller hands to `put`. The key is never chosen by the caller: `put` generates it. */
export interface PutInput {
  /** Logical folder such as "resumes" or "resumes/<job id>"; segments of [A-Za-z0-9._-], no leading dot. */
  prefix: string;
  /** The uploader's file name; only a sanitised copy ends up in the key. */
  filename: string;
  contentType: string;
  body: Uint8Array;
}

export interface StoredBlob {
  body: ReadableStream<Uint8Array>;
  size: number;
  contentType: string;
}

export interface BlobStorage {
  readonly driver: "local" | "vercel-blob";
  /** Stores the bytes under a fresh, non-guessable key. */
  put(input: PutInput): Promise<{ key: string; size: number }>;
  /** null when the blob does not exist or the key is not one `put` could have produced. */
  get(key: string): Promise<StoredBlob | null>;
  /** Idempotent: deleting a missing (or invalid) key succeeds, so rollbacks can always call it. */
  delete(key: string): Promise<void>;
  /** Every blob whose key starts with `prefix`, with its upload time (garbage collection of orphans). */
  list(prefix: string): AsyncIterable<ListedBlob>;
}

export interface ListedBlob {
  key: string;
  uploadedAt: Date;
}
