import { detectResumeType } from "./detect.ts";
import { ResumeRejectedError } from "./errors.ts";
import { extractFields } from "./fields.ts";
import { parseInWorker } from "./sandbox.ts";
import { type ExtractResumeOptions, type ResumeExtraction } from "./types.ts";
import { assertZipWithinLimits, readZipDirectory, ZIP_LIMITS, type ZipEntry } from "./zip.ts";

export const EXTRACT_DEFAULTS = {
  defaultRegion: "US",
  timeoutMs: 20_000,
  maxMemoryMb: 512,
  maxPages: 100,
  /** What pdf.js may inflate from a PDF's non-image streams; text-only resumes need a few MB. */
  maxPdfInflatedBytes: 64 * 1024 * 1024,
} as const;

/**
 * Parses a PDF, DOCX or DOC resume in a sandboxed worker thread and extracts its fields (see extractFields).
 * Throws ResumeRejectedError for anything the file causes (mark the resume failed, do not retry);
 * any other error is transient.
 */
export async function extractResume(bytes: Uint8Array, options: ExtractResumeOptions = {}): Promise<ResumeExtraction> {
  const kind = detectResumeType(bytes);
  if (!kind) {
    throw new ResumeRejectedError("unsupported_type", "The resume is not a PDF, DOCX or DOC file.");
  }

  let zipEntries: ZipEntry[] | undefined;
  let maxInflatedBytes: number = EXTRACT_DEFAULTS.maxPdfInflatedBytes;
  if (kind === "docx") {
    zipEntries = readZipDirectory(bytes) ?? [];
    assertZipWithinLimits(zipEntries);
    maxInflatedBytes = ZIP_LIMITS.maxTotalUncompressedBytes;
  }

  // The worker receives its own copy by transfer: the caller keeps its bytes intact, and a view into
  // Node's shared Buffer pool is never detached.
  const copy = new Uint8Array(bytes.byteLength);
  copy.set(bytes);
  const { text, parser } = await parseInWorker(
    {
      kind,
      bytes: copy,
      maxPages: positive(options.maxPages) ?? EXTRACT_DEFAULTS.maxPages,
      maxInflatedBytes,
      zipEntries,
    },
    {
      timeoutMs: positive(options.timeoutMs) ?? EXTRACT_DEFAULTS.timeoutMs,
      maxMemoryMb: positive(options.maxMemoryMb) ?? EXTRACT_DEFAULTS.maxMemoryMb,
    },
  );

  const fields = extractFields(text, options.defaultRegion ?? EXTRACT_DEFAULTS.defaultRegion, { now: options.now });
  if (!fields.text_excerpt) {
    throw new ResumeRejectedError("no_text", "The resume contains no text (a scanned image?).");
  }
  return { ...fields, parser, parsed_at: new Date().toISOString(), text };
}

function positive(value: number | undefined): number | undefined {
  return value !== undefined && Number.isFinite(value) && value > 0 ? value : undefined;
}
