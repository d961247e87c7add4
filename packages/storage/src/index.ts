export type { BlobStorage, ListedBlob, PutInput, StoredBlob } from "./types.ts";
export { StorageKeyError, isValidKey, sanitizeFilename } from "./keys.ts";
export { createLocalStorage } from "./local.ts";
export { createVercelBlobStorage } from "./vercel.ts";
export type { VercelBlobApi, VercelBlobStorageOptions } from "./vercel.ts";
export { getStorage, localBlobDir, setStorageForTesting } from "./select.ts";
export { FileTokenError, fileUrl, fileUrlTtlSeconds, signFileToken, verifyFileToken } from "./tokens.ts";
export type {
  FileTokenClaims,
  FileTokenErrorReason,
  FileTokenInput,
  FileTokenOptions,
} from "./tokens.ts";
export { contentDisposition, serveSignedFile } from "./serve.ts";
export type { ServeSignedFileOptions } from "./serve.ts";
export { readStreamLimited } from "./streams.ts";
