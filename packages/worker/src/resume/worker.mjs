// Worker-thread entry for resume parsing. Plain ESM JavaScript on purpose: it is started by absolute
// path (see worker-path.ts) outside any bundler or TypeScript loader, and imports the parsers itself.
// A pooled worker (sandbox.ts) parses one job at a time, for several jobs in a row: the parsers are
// imported once and stay loaded. The parent retires the thread after a bounded number of parses and
// after any parse that did not end in `ok: true`, so nothing here needs to undo what a bad file did.
//
// job (message in): { id: number, kind: "pdf" | "docx" | "doc", bytes: Uint8Array, maxPages: number,
//                     maxInflatedBytes: number, zipEntries?: ZipEntry[] }          (WorkerJob in sandbox.ts)
// reply (out):      { id, ok: true, text, parser } | { id, ok: false, reason, message }
//                   | { id, ok: false, transient: true, message }                  exactly one per job
//                   | { id: null, broken: true, message }      an error escaped between jobs; the thread exits
import { Buffer } from "node:buffer";
import process from "node:process";
import { setImmediate } from "node:timers";
import { parentPort, workerData } from "node:worker_threads";
import { assertPdfStreamsWithinBudget, assertZipPartsWithinBudget, InflationBudgetExceeded } from "./inflate-guard.mjs";

// Bounds what is copied back to the parent; fields are near the top and the excerpt is 1000 chars.
const MAX_TEXT_CHARS = 1_000_000;

/** The job being parsed, or the last one (already answered) while the worker waits for the next. */
let current = { id: /** @type {number | null} */ (null), replied: true };

/** @param {Record<string, unknown>} message */
function reply(message) {
  if (current.replied) return;
  current.replied = true;
  parentPort?.postMessage({ id: current.id, ...message });
}

/** @param {string} reason @param {string} message */
function reject(reason, message) {
  reply({ ok: false, reason, message });
}

/**
 * pdf.js and JSZip sometimes fail outside the promise we await; during a parse that is still the file's
 * fault. Between jobs it cannot be charged to anyone: the parent is told and the thread ends, so that
 * a later file is never parsed in a worker in an unknown state.
 * @param {unknown} error
 */
function onEscapedError(error) {
  if (!current.replied) return reject("corrupt", describeParseError(error));
  parentPort?.postMessage({ id: null, broken: true, message: describeParseError(error) });
  process.exit(1);
}
process.on("unhandledRejection", onEscapedError);
process.on("uncaughtException", onEscapedError);

class Rejection extends Error {
  /** @param {string} reason @param {string} message */
  constructor(reason, message) {
    super(message);
    this.reason = reason;
  }
}

/** @param {unknown} error */
function describeParseError(error) {
  const message = error instanceof Error ? error.message : String(error);
  return `The resume could not be read: ${message.slice(0, 300)}`;
}

/** @param {string} specifier */
async function load(specifier) {
  try {
    return await import(specifier);
  } catch (error) {
    // A missing or broken dependency is the installation's fault, not the file's.
    reply({ ok: false, transient: true, message: `cannot load ${specifier}: ${error instanceof Error ? error.message : String(error)}` });
    return null;
  }
}

/** @param {Uint8Array} bytes @param {number} maxPages @param {number} maxInflatedBytes */
async function parsePdf(bytes, maxPages, maxInflatedBytes) {
  const module = await load("pdf-parse");
  if (!module) return null;
  await assertPdfStreamsWithinBudget(bytes, maxInflatedBytes);
  const parser = new module.PDFParse({
    data: bytes,
    verbosity: 0,
    // Text extraction needs none of these; eval in particular is pdf.js's font-compilation path.
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
  });
  try {
    // Page 0 never exists, so this loads the document and reports its page count without reading a page.
    const { total } = await parser.getText({ partial: [0] });
    if (total > maxPages) throw new Rejection("too_many_pages", `The PDF has ${total} pages (limit ${maxPages}).`);
    const result = await parser.getText({ pageJoiner: "" });
    return result.text;
  } finally {
    await parser.destroy().catch(() => {});
  }
}

/**
 * @param {Uint8Array} bytes
 * @param {Array<{ name: string; method: number; compressedSize: number; localHeaderOffset: number }>} entries
 * @param {number} maxInflatedBytes
 */
async function parseDocx(bytes, entries, maxInflatedBytes) {
  const module = await load("mammoth");
  if (!module) return null;
  await assertZipPartsWithinBudget(bytes, entries, maxInflatedBytes);
  const mammoth = module.default ?? module;
  const result = await mammoth.extractRawText({ buffer: toBuffer(bytes) });
  return result.value;
}

/** @param {Uint8Array} bytes */
async function parseDoc(bytes) {
  const module = await load("word-extractor");
  if (!module) return null;
  const WordExtractor = module.default ?? module;
  const document = await new WordExtractor().extract(toBuffer(bytes));
  // Contact details are often put in the page header; it belongs above the body.
  const headers = document.getHeaders({ includeFooters: false }).trim();
  const body = document.getBody();
  return headers ? `${headers}\n${body}` : body;
}

/** @param {Uint8Array} bytes */
function toBuffer(bytes) {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

const PARSERS = { pdf: "pdf-parse", docx: "mammoth", doc: "word-extractor" };

/** @param {{ kind: string; bytes: Uint8Array; maxPages: number; maxInflatedBytes: number; zipEntries?: any[] }} job */
async function parse({ kind, bytes, maxPages, maxInflatedBytes, zipEntries }) {
  try {
    let text;
    if (kind === "pdf") text = await parsePdf(bytes, maxPages, maxInflatedBytes);
    else if (kind === "docx") text = await parseDocx(bytes, zipEntries ?? [], maxInflatedBytes);
    else if (kind === "doc") text = await parseDoc(bytes);
    else throw new Rejection("unsupported_type", `Unsupported resume type: ${String(kind)}.`);
    if (text === null) return; // already replied (dependency failed to load)
    const result = String(text ?? "").slice(0, MAX_TEXT_CHARS);
    // Let errors the parse left queued (timers, immediates) surface while this job can still take them.
    await new Promise((resolve) => setImmediate(resolve));
    reply({ ok: true, text: result, parser: PARSERS[/** @type {keyof typeof PARSERS} */ (kind)] });
  } catch (error) {
    if (error instanceof Rejection) reject(error.reason, error.message);
    else if (error instanceof InflationBudgetExceeded) reject(kind === "docx" ? "zip_bomb" : "compression_bomb", error.message);
    else if (error instanceof Error && error.name === "PasswordException") reject("encrypted", "The PDF is password-protected.");
    else reject("corrupt", describeParseError(error));
  }
}

// One job at a time: the parent sends the next one only after this one's reply.
parentPort?.on("message", (/** @type {{ id: number } & Parameters<typeof parse>[0]} */ job) => {
  current = { id: job.id, replied: false };
  void parse(job);
});

// A server bundle built before the pool still starts one worker per parse with the job as workerData
// (worker.mjs is read from disk, so it can be newer than the bundle): serve that job; the parent then
// terminates the thread, and the reply's `id: null` is ignored by it.
if (workerData?.bytes) {
  current = { id: null, replied: false };
  void parse(workerData);
}
