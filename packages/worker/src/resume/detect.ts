import { type ResumeType } from "./types.ts";
import { isZip, readZipDirectory } from "./zip.ts";

const OLE2_SIGNATURE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const PDF_SIGNATURE = [0x25, 0x50, 0x44, 0x46]; // "%PDF"

/**
 * The resume's type from its first bytes (file names and content types are client-controlled).
 * Runs at upload time on untrusted input, so it only reads headers and the ZIP directory and never throws.
 */
export function detectResumeType(bytes: Uint8Array): ResumeType | null {
  try {
    if (startsWith(bytes, PDF_SIGNATURE)) return "pdf";
    if (startsWith(bytes, OLE2_SIGNATURE)) return "doc";
    if (isZip(bytes)) {
      const entries = readZipDirectory(bytes);
      return entries?.some((entry) => entry.name === "word/document.xml") ? "docx" : null;
    }
    return null;
  } catch {
    return null;
  }
}

function startsWith(bytes: Uint8Array, signature: readonly number[]): boolean {
  if (bytes.length < signature.length) return false;
  return signature.every((value, index) => bytes[index] === value);
}
