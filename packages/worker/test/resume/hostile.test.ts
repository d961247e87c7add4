import { randomBytes } from "node:crypto";
import { performance } from "node:perf_hooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { extractResume, type ExtractResumeOptions, ResumeRejectedError } from "../../src/resume/index.ts";
import { cpuMs, docxBomb, fixture, hexPdfFlateBomb, longPdf, lyingDocxBomb, pdfFlateBomb } from "./helpers.ts";

const MB = 1024 * 1024;
/** "Hundreds of MB" once inflated; the generated files are ~260 kB. */
const BOMB_MB = 256;
const RSS_GROWTH_LIMIT = 300 * MB;

/** Samples the process RSS (worker threads included) while hostile files are parsed. */
let peakRss = 0;
let sampler: ReturnType<typeof setInterval> | undefined;
beforeAll(() => {
  sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage.rss());
  }, 5);
});
afterAll(() => clearInterval(sampler));

/**
 * Runs extractResume on an input made beforehand and checks that it ends in ResumeRejectedError,
 * within the timeout, without the RSS growing by more than RSS_GROWTH_LIMIT.
 */
async function expectRejected(bytes: Uint8Array, options: ExtractResumeOptions = {}): Promise<ResumeRejectedError> {
  const timeoutMs = options.timeoutMs ?? 20_000;
  const rssBefore = process.memoryUsage.rss();
  peakRss = rssBefore;
  const started = performance.now();
  const error = await extractResume(bytes, options).then(
    () => new Error("expected the resume to be rejected"),
    (rejection: unknown) => rejection,
  );
  const elapsed = performance.now() - started;
  peakRss = Math.max(peakRss, process.memoryUsage.rss());

  expect(error).toBeInstanceOf(ResumeRejectedError);
  expect(elapsed).toBeLessThan(timeoutMs + 1000);
  expect(peakRss - rssBefore).toBeLessThan(RSS_GROWTH_LIMIT);
  return error as ResumeRejectedError;
}

describe("hostile inputs end in ResumeRejectedError", () => {
  it("zero bytes", async () => {
    expect((await expectRejected(new Uint8Array(0))).reason).toBe("unsupported_type");
  });

  it("random bytes (as if named .pdf)", async () => {
    expect((await expectRejected(new Uint8Array(randomBytes(64 * 1024)))).reason).toBe("unsupported_type");
  });

  it("random bytes behind a PDF header", async () => {
    const bytes = new Uint8Array(randomBytes(64 * 1024));
    bytes.set(new TextEncoder().encode("%PDF-1.7\n"));
    expect((await expectRejected(bytes)).reason).toBe("corrupt");
  });

  it("a text file (as if named .docx)", async () => {
    const text = new TextEncoder().encode("Jane Doe\njane@example.com\n+1 415 555 2671\n");
    expect((await expectRejected(text)).reason).toBe("unsupported_type");
  });

  it.each(["marcus-oneill.pdf", "priya-raman.pdf", "priya-raman.docx", "priya-raman.doc"])(
    "%s truncated to half its size",
    async (file) => {
      const bytes = fixture(file);
      const error = await expectRejected(bytes.slice(0, bytes.length >> 1));
      expect(["corrupt", "unsupported_type"]).toContain(error.reason);
    },
  );

  it("a DOCX zip bomb is refused from its central directory, before inflating", async () => {
    const bomb = docxBomb(BOMB_MB);
    expect(bomb.length).toBeLessThan(2 * MB);
    // CPU time of this process (a worker thread's included), not wall time, which on a loaded machine measures the neighbours.
    const started = process.cpuUsage();
    const error = await expectRejected(bomb);
    expect(error.reason).toBe("zip_bomb");
    expect(cpuMs(process.cpuUsage(started))).toBeLessThan(100); // no worker was needed
  });

  it("a DOCX zip bomb whose directory lies about the sizes is refused by the worker's inflate budget", async () => {
    expect((await expectRejected(lyingDocxBomb(BOMB_MB))).reason).toBe("zip_bomb");
  });

  it("a PDF whose content stream is a flate bomb", async () => {
    const bomb = pdfFlateBomb(BOMB_MB);
    expect(bomb.length).toBeLessThan(2 * MB);
    // The wall-clock limit is the default's (20 s), not shorter: on a loaded machine a 5 s limit ended
    // the parse as a "timeout" before the bomb was recognised, and the bomb's own guard is under test.
    expect((await expectRejected(bomb)).reason).toBe("compression_bomb");
  });

  it("a PDF flate bomb hidden behind ASCIIHexDecode is stopped by the memory limit", async () => {
    const error = await expectRejected(hexPdfFlateBomb(BOMB_MB), { maxMemoryMb: 64 });
    expect(error.reason).toBe("out_of_memory");
  });

  it("a parse that runs over the wall-clock limit", async () => {
    const error = await expectRejected(await longPdf(50), { timeoutMs: 50 });
    expect(error.reason).toBe("timeout");
  });

  it("a parse that needs more heap than allowed", async () => {
    const error = await expectRejected(fixture("priya-raman.pdf"), { maxMemoryMb: 8 });
    expect(error.reason).toBe("out_of_memory");
  });
});

describe("while a bomb is parsed", () => {
  it("the main thread keeps running other work", async () => {
    const bombs = [pdfFlateBomb(BOMB_MB), hexPdfFlateBomb(BOMB_MB), lyingDocxBomb(BOMB_MB)];
    let ticks = 0;
    const ticker = setInterval(() => ticks++, 5);
    // The event loop's own busy share over the parses (idle while it waits on the worker): unlike the gaps
    // between timer ticks, which other processes on a loaded machine stretch too (270 ms seen with two
    // `npm test` side by side), it says whether this thread did the parsing.
    const before = performance.eventLoopUtilization();
    const started = performance.now();
    try {
      // One at a time: concurrent parses share one RSS, which makes a memory overrun unattributable.
      for (const bomb of bombs) {
        await expect(extractResume(bomb, { maxMemoryMb: 64 })).rejects.toBeInstanceOf(ResumeRejectedError);
      }
    } finally {
      clearInterval(ticker);
    }
    const elapsed = performance.now() - started;
    const busy = performance.eventLoopUtilization(before).utilization;
    expect(elapsed).toBeGreaterThan(50); // the parse took long enough for this to mean something
    expect(ticks).toBeGreaterThan(0);
    expect(busy).toBeLessThan(0.5);
  });
});
