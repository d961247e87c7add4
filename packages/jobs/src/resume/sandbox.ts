import process from "node:process";
import { Worker } from "node:worker_threads";
import { type RejectionReason, ResumeRejectedError } from "./errors.ts";
import { type ResumeParser, type ResumeType } from "./types.ts";
import { resumeWorkerPath } from "./worker-path.ts";
import { type ZipEntry } from "./zip.ts";

/** What worker.mjs receives as `workerData` (keep in sync with its JSDoc). */
export interface WorkerJob {
  kind: ResumeType;
  /** Transferred, so the caller must not hold on to this buffer. */
  bytes: Uint8Array;
  maxPages: number;
  /** Ceiling on what the worker lets the parsers inflate (PDF streams, DOCX XML parts). */
  maxInflatedBytes: number;
  /** The DOCX central directory, already checked against its declared sizes. */
  zipEntries?: ZipEntry[];
}

/** What worker.mjs posts back, exactly once. */
export type WorkerReply =
  | { ok: true; text: string; parser: ResumeParser }
  | { ok: false; reason: RejectionReason; message: string }
  | { ok: false; transient: true; message: string };

export interface SandboxLimits {
  timeoutMs: number;
  maxMemoryMb: number;
}

/**
 * `resourceLimits` only caps the V8 heap, while parsers inflate into ArrayBuffers that live outside it
 * (a PDF flate bomb grows one without bound). So the parent also watches the process RSS and kills the
 * worker once it has grown by the heap cap plus this slack (isolate, code, young generation).
 */
const RSS_SLACK_MB = 64;
const RSS_POLL_MS = 20;

/** Parses in flight in this process: RSS is process-wide, so with company an overrun has no culprit. */
let activeParses = 0;

/** Runs one parse in a fresh worker thread that is terminated afterwards, whatever happened. */
export function parseInWorker(job: WorkerJob, limits: SandboxLimits): Promise<{ text: string; parser: ResumeParser }> {
  const file = resumeWorkerPath();
  return new Promise((resolve, reject) => {
    const rssAtStart = process.memoryUsage.rss();
    const rssBudget = (limits.maxMemoryMb + RSS_SLACK_MB) * 1024 * 1024;
    const worker = new Worker(file, {
      workerData: job,
      transferList: [job.bytes.buffer as ArrayBuffer],
      // The parent's flags (tsx loaders, vitest, inspectors) are not needed by plain JS and slow start-up.
      execArgv: [],
      resourceLimits: {
        maxOldGenerationSizeMb: limits.maxMemoryMb,
        maxYoungGenerationSizeMb: Math.min(64, Math.max(8, Math.round(limits.maxMemoryMb / 8))),
        stackSizeMb: 4,
      },
    });

    activeParses++;
    let settled = false;
    const settle = (outcome: () => void): void => {
      if (settled) return;
      settled = true;
      activeParses--;
      clearTimeout(timer);
      clearInterval(watchdog);
      void worker.terminate();
      outcome();
    };

    const timer = setTimeout(() => {
      settle(() => reject(new ResumeRejectedError("timeout", `Parsing the resume took longer than ${limits.timeoutMs} ms.`)));
    }, limits.timeoutMs);

    const watchdog = setInterval(() => {
      if (process.memoryUsage.rss() - rssAtStart <= rssBudget) return;
      const concurrent = activeParses;
      settle(() =>
        reject(
          concurrent === 1
            ? outOfMemory(limits.maxMemoryMb)
            : // Another parse (or the server itself) may be the one growing: fail this attempt as transient
              // so that a retry, likely alone, decides.
              new Error(`Process memory grew by over ${limits.maxMemoryMb + RSS_SLACK_MB} MB while ${concurrent} resumes were parsed at once.`),
        ),
      );
    }, RSS_POLL_MS);

    worker.on("message", (reply: WorkerReply) => {
      settle(() => {
        if (reply.ok) resolve({ text: reply.text, parser: reply.parser });
        else if ("reason" in reply) reject(new ResumeRejectedError(reply.reason, reply.message));
        else reject(new Error(`Resume parser unavailable: ${reply.message}`));
      });
    });

    worker.on("error", (error: Error & { code?: string }) => {
      settle(() => {
        if (error.code === "ERR_WORKER_OUT_OF_MEMORY") reject(outOfMemory(limits.maxMemoryMb));
        // The worker catches every parser failure itself, so what escapes is a broken installation
        // (a module that fails to load): transient, to be retried and noticed.
        else reject(new Error(`Resume parser worker failed: ${error.message}`, { cause: error }));
      });
    });

    worker.on("exit", (code) => {
      settle(() => reject(new Error(`Resume parser worker exited with code ${code} before replying.`)));
    });
  });
}

function outOfMemory(maxMemoryMb: number): ResumeRejectedError {
  return new ResumeRejectedError("out_of_memory", `Parsing the resume needed more than ${maxMemoryMb} MB of memory.`);
}
