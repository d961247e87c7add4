import { ResumeRejectedError } from "./errors.ts";

/** One central-directory record: what the archive *declares*, nothing is inflated. */
export interface ZipEntry {
  name: string;
  /** 0 = stored, 8 = deflate; anything else mammoth cannot read anyway. */
  method: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
}

/**
 * Limits for a DOCX. A real resume's XML is well under 1 MB; 50 MB of declared content leaves room for
 * embedded images. XML deflates 5–20×, so an entry claiming more than 100× (once it is big enough to
 * matter) is a bomb, not a document.
 */
export const ZIP_LIMITS = {
  maxTotalUncompressedBytes: 50 * 1024 * 1024,
  maxEntries: 5_000,
  maxRatio: 100,
  ratioCheckFromBytes: 1024 * 1024,
} as const;

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_HEADER_SIGNATURE = 0x02014b50;
const EOCD_MIN_SIZE = 22;
const MAX_COMMENT = 0xffff;

export function isZip(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
}

/**
 * Reads the central directory straight from the buffer. Returns null for anything that is not a
 * well-formed archive; never throws and never inflates, so it is safe on hostile input.
 */
export function readZipDirectory(bytes: Uint8Array): ZipEntry[] | null {
  try {
    return readDirectory(bytes);
  } catch {
    return null;
  }
}

function readDirectory(bytes: Uint8Array): ZipEntry[] | null {
  if (bytes.length < EOCD_MIN_SIZE) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);

  // The last record wins, as in JSZip (mammoth's reader), so both see the same directory.
  let eocd = -1;
  const lowest = Math.max(0, bytes.length - EOCD_MIN_SIZE - MAX_COMMENT);
  for (let i = bytes.length - EOCD_MIN_SIZE; i >= lowest; i--) {
    if (view.getUint32(i, true) === EOCD_SIGNATURE) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return null;

  const count = view.getUint16(eocd + 10, true);
  const size = view.getUint32(eocd + 12, true);
  const offset = view.getUint32(eocd + 16, true);
  // ZIP64 markers: no word processor writes ZIP64 for a resume-sized file, so it is not a DOCX to us.
  if (count === 0xffff || size === 0xffffffff || offset === 0xffffffff) return null;
  if (offset + size > bytes.length) return null;

  const decoder = new TextDecoder("utf-8");
  const entries: ZipEntry[] = [];
  let p = offset;
  const end = offset + size;
  // Bounded by the directory's byte size, so a lying entry count cannot make this loop long.
  for (let i = 0; i < count; i++) {
    if (p + 46 > end || view.getUint32(p, true) !== CENTRAL_HEADER_SIGNATURE) return null;
    const nameLength = view.getUint16(p + 28, true);
    const extraLength = view.getUint16(p + 30, true);
    const commentLength = view.getUint16(p + 32, true);
    const next = p + 46 + nameLength + extraLength + commentLength;
    if (next > end) return null;
    entries.push({
      name: decoder.decode(bytes.subarray(p + 46, p + 46 + nameLength)),
      method: view.getUint16(p + 10, true),
      compressedSize: view.getUint32(p + 20, true),
      uncompressedSize: view.getUint32(p + 24, true),
      localHeaderOffset: view.getUint32(p + 42, true),
    });
    p = next;
  }
  return entries;
}

/** Refuses a DOCX whose directory declares a decompression bomb, before anything is inflated. */
export function assertZipWithinLimits(entries: readonly ZipEntry[]): void {
  if (entries.length > ZIP_LIMITS.maxEntries) {
    throw new ResumeRejectedError("zip_bomb", `The DOCX holds ${entries.length} files (limit ${ZIP_LIMITS.maxEntries}).`);
  }
  let total = 0;
  for (const entry of entries) {
    total += entry.uncompressedSize;
    const big = entry.uncompressedSize >= ZIP_LIMITS.ratioCheckFromBytes;
    if (big && entry.uncompressedSize > Math.max(entry.compressedSize, 1) * ZIP_LIMITS.maxRatio) {
      const ratio = Math.round(entry.uncompressedSize / Math.max(entry.compressedSize, 1));
      throw new ResumeRejectedError(
        "zip_bomb",
        `The DOCX looks like a zip bomb: ${entry.name} expands ${ratio}× to ${formatMb(entry.uncompressedSize)}.`,
      );
    }
  }
  if (total > ZIP_LIMITS.maxTotalUncompressedBytes) {
    throw new ResumeRejectedError(
      "zip_bomb",
      `The DOCX expands to ${formatMb(total)} (limit ${formatMb(ZIP_LIMITS.maxTotalUncompressedBytes)}).`,
    );
  }
}

export function formatMb(bytes: number): string {
  return `${Math.round(bytes / (1024 * 1024))} MB`;
}
