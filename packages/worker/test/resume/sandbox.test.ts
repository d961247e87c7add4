import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { extractResume, ResumeRejectedError } from "../../src/resume/index.ts";
import {
  closeResumeSandbox,
  parseInWorker,
  resumeSandboxStats,
  resumeSandboxWorkers,
  type SandboxLimits,
  type WorkerJob,
} from "../../src/resume/sandbox.ts";
import { fixture, hexPdfFlateBomb, longPdf } from "./helpers.ts";

const LIMITS: SandboxLimits = { timeoutMs: 20_000, maxMemoryMb: 512 };
const POOL_ENV = ["RESUME_PARSE_CONCURRENCY", "RESUME_WORKER_MAX_PARSES", "RESUME_WORKER_IDLE_MS"] as const;

/** A PDF job as extractResume builds it, on a fresh copy of the bytes (they are transferred). */
function pdfJob(bytes: Uint8Array): WorkerJob {
  return { kind: "pdf", bytes: bytes.slice(), maxPages: 100, maxInflatedBytes: 64 * 1024 * 1024 };
}

const priya = fixture("priya-raman.pdf");
const parsePriya = (limits: SandboxLimits = LIMITS) => parseInWorker(pdfJob(priya), limits);

function expectPriya(result: { text: string; parser: string }): void {
  expect(result.parser).toBe("pdf-parse");
  expect(result.text).toContain("Priya Raman");
  expect(result.text).toContain("priya.raman@example.net");
}

function corruptPdf(): Uint8Array {
  const bytes = new Uint8Array(randomBytes(64 * 1024));
  bytes.set(new TextEncoder().encode("%PDF-1.7\n"));
  return bytes;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves once `check` holds, or fails after `ms`. */
async function eventually(check: () => boolean, ms: number): Promise<void> {
  const deadline = performance.now() + ms;
  while (!check()) {
    if (performance.now() > deadline) throw new Error(`condition not met within ${ms} ms`);
    await sleep(10);
  }
}

const saved = new Map<string, string | undefined>();
beforeEach(async () => {
  for (const name of POOL_ENV) saved.set(name, process.env[name]);
  // Every test starts from an empty pool: a file run earlier in the same vitest worker can leave an idle
  // worker behind (a CI run's first test reused one and counted no start).
  await closeResumeSandbox();
});
afterEach(async () => {
  await closeResumeSandbox();
  for (const [name, value] of saved) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  expect(resumeSandboxStats()).toMatchObject({ workers: 0, busy: 0, queued: 0 });
});

describe("the sandbox pool", () => {
  it("parses one file after another in the same worker", async () => {
    const started = resumeSandboxStats().started;
    const threads: number[] = [];
    for (let i = 0; i < 6; i++) {
      const result = await parsePriya();
      expectPriya(result);
      threads.push(result.threadId);
    }
    expect(new Set(threads).size).toBe(1);
    expect(resumeSandboxStats().started - started).toBe(1);
    expect(resumeSandboxWorkers()).toMatchObject([{ threadId: threads[0], parses: 6, busy: false }]);
  });

  it("retires a worker after RESUME_WORKER_MAX_PARSES parses", async () => {
    process.env.RESUME_WORKER_MAX_PARSES = "3";
    const threads: number[] = [];
    for (let i = 0; i < 7; i++) threads.push((await parsePriya()).threadId);
    const [a, b, c] = [threads[0]!, threads[3]!, threads[6]!];
    expect(threads).toEqual([a, a, a, b, b, b, c]);
    expect(new Set([a, b, c]).size).toBe(3);
    // The third worker has one parse left in it; the first two are gone.
    expect(resumeSandboxWorkers().map((w) => w.threadId)).toEqual([c]);
  });

  it("bounds the parses at a time by RESUME_PARSE_CONCURRENCY and queues the rest", async () => {
    process.env.RESUME_PARSE_CONCURRENCY = "2";
    let maxBusy = 0;
    let maxWorkers = 0;
    const sampler = setInterval(() => {
      const stats = resumeSandboxStats();
      maxBusy = Math.max(maxBusy, stats.busy);
      maxWorkers = Math.max(maxWorkers, stats.workers);
    }, 1);
    try {
      const parses = Array.from({ length: 8 }, () => parsePriya());
      // Dispatching is synchronous: two jobs went to two new workers, six wait.
      expect(resumeSandboxStats()).toMatchObject({ workers: 2, busy: 2, queued: 6 });
      const results = await Promise.all(parses);
      results.forEach(expectPriya);
      expect(new Set(results.map((r) => r.threadId)).size).toBe(2);
    } finally {
      clearInterval(sampler);
    }
    expect(maxBusy).toBe(2);
    expect(maxWorkers).toBe(2);
    expect(resumeSandboxStats()).toMatchObject({ workers: 2, busy: 0, queued: 0 });
  });

  it("keeps at most RESUME_PARSE_CONCURRENCY workers when jobs need different heap caps", async () => {
    process.env.RESUME_PARSE_CONCURRENCY = "1";
    const first = await parsePriya();
    const other = await parsePriya({ timeoutMs: 20_000, maxMemoryMb: 256 });
    expect(other.threadId).not.toBe(first.threadId);
    expect(resumeSandboxWorkers()).toMatchObject([{ threadId: other.threadId, maxMemoryMb: 256 }]);
    expect((await parsePriya({ timeoutMs: 20_000, maxMemoryMb: 256 })).threadId).toBe(other.threadId);
  });

  it("terminates workers left idle for RESUME_WORKER_IDLE_MS", async () => {
    process.env.RESUME_WORKER_IDLE_MS = "200";
    const first = await parsePriya();
    expect(resumeSandboxStats().workers).toBe(1);
    await sleep(50);
    // Work within the idle time keeps the worker.
    expect((await parsePriya()).threadId).toBe(first.threadId);
    await eventually(() => resumeSandboxStats().workers === 0, 2_000);
    const started = resumeSandboxStats().started;
    const next = await parsePriya();
    expectPriya(next);
    expect(next.threadId).not.toBe(first.threadId);
    expect(resumeSandboxStats().started).toBe(started + 1);
  });

  it("does not keep the process alive with an idle worker (the idle timeout is 60 s by default)", async () => {
    const here = path.dirname(fileURLToPath(import.meta.url));
    const entry = path.resolve(here, "../../src/resume/index.ts");
    const file = path.resolve(here, "../fixtures/resumes/priya-raman.pdf");
    const script = `
      const { extractResume } = await import(${JSON.stringify(entry)});
      const { readFileSync } = await import("node:fs");
      const result = await extractResume(new Uint8Array(readFileSync(${JSON.stringify(file)})));
      console.log(result.name);`;
    const env = { ...process.env };
    for (const name of POOL_ENV) delete env[name];
    const started = performance.now();
    const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "--eval", script], {
      env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const killer = setTimeout(() => child.kill("SIGKILL"), 30_000);
    const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
    clearTimeout(killer);
    expect(output.trim()).toBe("Priya Raman");
    expect(code).toBe(0);
    expect(performance.now() - started).toBeLessThan(20_000);
  }, 40_000);
});

describe("a worker whose parse went wrong is never reused", () => {
  /** Parses a good file, runs `bad`, checks the worker is gone, then checks a good file still parses. */
  async function afterFailure(bad: () => Promise<unknown>): Promise<unknown> {
    const warm = await parsePriya();
    const error = await bad().then(
      () => new Error("expected the parse to fail"),
      (rejection: unknown) => rejection,
    );
    expect(resumeSandboxWorkers().map((w) => w.threadId)).not.toContain(warm.threadId);
    const next = await parsePriya();
    expectPriya(next);
    expect(next.threadId).not.toBe(warm.threadId);
    return error;
  }

  it("after a rejected (corrupt) file", async () => {
    const error = await afterFailure(() => parseInWorker(pdfJob(corruptPdf()), LIMITS));
    expect(error).toBeInstanceOf(ResumeRejectedError);
    expect((error as ResumeRejectedError).reason).toBe("corrupt");
  });

  it("after a file over the page limit", async () => {
    const long = await longPdf(12);
    const error = await afterFailure(() => parseInWorker({ ...pdfJob(long), maxPages: 10 }, LIMITS));
    expect((error as ResumeRejectedError).reason).toBe("too_many_pages");
  });

  it("after the timeout, in a warm worker", async () => {
    const long = await longPdf(100);
    const error = await afterFailure(() => parseInWorker(pdfJob(long), { ...LIMITS, timeoutMs: 30 }));
    expect((error as ResumeRejectedError).reason).toBe("timeout");
  });

  it("after the heap cap (V8 out of memory)", async () => {
    process.env.RESUME_PARSE_CONCURRENCY = "1";
    const small = { timeoutMs: 20_000, maxMemoryMb: 8 };
    const error = await parsePriya(small).catch((rejection: unknown) => rejection);
    expect((error as ResumeRejectedError).reason).toBe("out_of_memory");
    expect(resumeSandboxStats().workers).toBe(0);
    expectPriya(await parsePriya());
  });

  it("after the RSS watchdog stopped a flate bomb in a warm worker (its baseline is the warm worker)", async () => {
    // The timeout is not what is tested: it is far enough off that the watchdog wins however slowly the bomb
    // inflates (5 s lost the race to it with two test runs side by side on 2 cores).
    const limits = { timeoutMs: 60_000, maxMemoryMb: 64 };
    const bomb = hexPdfFlateBomb(256);
    const warm = await parsePriya(limits);
    const error = await parseInWorker(pdfJob(bomb), limits).catch((rejection: unknown) => rejection);
    expect((error as ResumeRejectedError).reason).toBe("out_of_memory");
    expect(resumeSandboxWorkers().map((w) => w.threadId)).not.toContain(warm.threadId);
    const next = await parsePriya(limits);
    expectPriya(next);
    expect(next.threadId).not.toBe(warm.threadId);
  });

  it("after the thread died mid-parse (a crash: transient, not the file's fault)", async () => {
    const error = await afterFailure(async () => {
      const parse = parseInWorker(pdfJob(await longPdf(50)), LIMITS);
      const [busy] = resumeSandboxWorkers().filter((w) => w.busy);
      await busy!.worker.terminate();
      return parse;
    });
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(ResumeRejectedError);
    expect((error as Error).message).toMatch(/exited with code 1 before replying/);
  });

  it("gives queued jobs a fresh worker when the busy one fails", async () => {
    process.env.RESUME_PARSE_CONCURRENCY = "1";
    const bad = parseInWorker(pdfJob(corruptPdf()), LIMITS);
    const good = parsePriya();
    expect(resumeSandboxStats()).toMatchObject({ workers: 1, busy: 1, queued: 1 });
    const [badThread] = resumeSandboxWorkers().map((w) => w.threadId);
    await expect(bad).rejects.toMatchObject({ reason: "corrupt" });
    const result = await good;
    expectPriya(result);
    expect(result.threadId).not.toBe(badThread);
  });
});

describe("extractResume through the pool", () => {
  it("parses every fixture correctly right after each kind of hostile file, with few workers started", async () => {
    const started = resumeSandboxStats().started;
    const hostile: Array<() => Promise<unknown>> = [
      () => extractResume(corruptPdf()),
      async () => extractResume(await longPdf(50), { timeoutMs: 30 }),
      () => extractResume(priya, { maxMemoryMb: 8 }),
      () => extractResume(hexPdfFlateBomb(256), { timeoutMs: 5_000, maxMemoryMb: 64 }),
    ];
    for (const attack of hostile) {
      await expect(attack()).rejects.toBeInstanceOf(ResumeRejectedError);
      for (const file of ["priya-raman.pdf", "priya-raman.docx", "priya-raman.doc"]) {
        const result = await extractResume(fixture(file));
        expect(result.name).toBe("Priya Raman");
        expect(result.email).toBe("priya.raman@example.net");
      }
    }
    // 12 good parses, 4 hostile ones, 5 workers: the first hostile file got a new worker and the good files
    // after it a second one, which they kept sharing; the timeout hit that warm worker, so a third one took
    // over the good files; the 8 MB and 64 MB heap caps each needed a worker of their own (both gone after).
    expect(resumeSandboxStats().started - started).toBe(5);
  });
});
