import process from "node:process";
import { Worker } from "node:worker_threads";
import { type RejectionReason, ResumeRejectedError } from "./errors.ts";
import { type ResumeParser, type ResumeType } from "./types.ts";
import { resumeWorkerPath } from "./worker-path.ts";
import { type ZipEntry } from "./zip.ts";

/** One parse, as worker.mjs receives it (without the `id` the pool adds; keep in sync with its header). */
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

/** What worker.mjs posts back: one reply per job, or `broken` when an error escaped between jobs. */
export type WorkerReply =
  | { id: number; ok: true; text: string; parser: ResumeParser }
  | { id: number; ok: false; reason: RejectionReason; message: string }
  | { id: number; ok: false; transient: true; message: string }
  | { id: null; broken: true; message: string };

export interface SandboxLimits {
  timeoutMs: number;
  maxMemoryMb: number;
}

export interface ParsedInWorker {
  text: string;
  parser: ResumeParser;
  /** The worker thread that parsed (for tests and logs): pooled workers serve several parses. */
  threadId: number;
}

/** How the pool is sized; read from the environment on every dispatch (see docs/RESUMES.md). */
export interface SandboxPoolOptions {
  /** Workers alive at most, so parses at a time per process; more wait in a queue. */
  size: number;
  /** A worker is retired after this many parses, even if they all went well. */
  maxParsesPerWorker: number;
  /** A worker left idle this long is terminated (the process then holds no parser isolate). */
  idleMs: number;
}

export const SANDBOX_POOL_DEFAULTS: SandboxPoolOptions = { size: 2, maxParsesPerWorker: 100, idleMs: 60_000 };

export function sandboxPoolOptions(): SandboxPoolOptions {
  return {
    size: envInt("RESUME_PARSE_CONCURRENCY", SANDBOX_POOL_DEFAULTS.size),
    maxParsesPerWorker: envInt("RESUME_WORKER_MAX_PARSES", SANDBOX_POOL_DEFAULTS.maxParsesPerWorker),
    idleMs: envInt("RESUME_WORKER_IDLE_MS", SANDBOX_POOL_DEFAULTS.idleMs),
  };
}

function envInt(name: string, fallback: number): number {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? Math.floor(value) : fallback;
}

/**
 * `resourceLimits` only caps the V8 heap, while parsers inflate into ArrayBuffers that live outside it
 * (a PDF flate bomb grows one without bound). So the parent also watches the process RSS and kills the
 * worker once it has grown, since the parse was handed to it, by the heap cap plus this slack (a new
 * worker's isolate and code, the young generation).
 */
const RSS_SLACK_MB = 64;
const RSS_POLL_MS = 20;

/**
 * The young generation of a parser isolate. Parsing a resume allocates little that lives long, and a
 * warm worker keeps what its semi-spaces grew to between parses, so this stays small. A process-wide
 * `--max-semi-space-size` (npm start sets one for the server) overrides it: V8 applies the flag to
 * every isolate.
 */
const YOUNG_GENERATION_MB = 16;

interface Pending {
  job: WorkerJob;
  limits: SandboxLimits;
  resolve: (result: ParsedInWorker) => void;
  reject: (error: Error) => void;
}

interface Running {
  id: number;
  pending: Pending;
  settle: (outcome: Outcome) => void;
}

/** How a parse ended; `healthy` lets the worker take another job. */
type Outcome = { healthy: true; result: ParsedInWorker } | { healthy: false; error: Error };

interface PooledWorker {
  worker: Worker;
  threadId: number;
  /** Serial number of the worker in this process (1 for the first one started). */
  generation: number;
  /** The heap cap it was started with: a job is only given to a worker with its own cap. */
  maxMemoryMb: number;
  parses: number;
  running: Running | null;
  idleTimer: ReturnType<typeof setTimeout> | null;
}

const workers = new Set<PooledWorker>();
const queue: Pending[] = [];
let generations = 0;
let jobIds = 0;
/** Parses in flight in this process: RSS is process-wide, so with company an overrun has no culprit. */
let activeParses = 0;

/**
 * Parses one file in a pooled worker thread. Jobs beyond the pool's size wait in a FIFO queue; the
 * timeout and the RSS watchdog start when a worker takes the job (a new worker's start-up included).
 * Whatever goes wrong in a parse (a rejected file, a crash, the timeout, a memory cap), the worker is
 * terminated and never given another job.
 */
export function parseInWorker(job: WorkerJob, limits: SandboxLimits): Promise<ParsedInWorker> {
  return new Promise((resolve, reject) => {
    queue.push({ job, limits, resolve, reject });
    dispatch();
  });
}

/** The pool's state, for tests and diagnostics. */
export function resumeSandboxStats(): { workers: number; busy: number; queued: number; started: number } {
  let busy = 0;
  for (const pooled of workers) if (pooled.running) busy++;
  return { workers: workers.size, busy, queued: queue.length, started: generations };
}

export interface SandboxWorkerInfo {
  threadId: number;
  generation: number;
  parses: number;
  busy: boolean;
  maxMemoryMb: number;
  /** The thread itself: tests terminate it to play a crash. */
  worker: Worker;
}

/** The live workers, oldest first, for tests and diagnostics. */
export function resumeSandboxWorkers(): SandboxWorkerInfo[] {
  return [...workers].map(({ threadId, generation, parses, running, maxMemoryMb, worker }) => ({
    threadId,
    generation,
    parses,
    busy: running !== null,
    maxMemoryMb,
    worker,
  }));
}

/**
 * Terminates every worker now; parses in flight and queued ones fail with a transient error. Not needed
 * for a clean exit (idle workers do not keep the process alive); for tests and orderly shutdowns.
 */
export async function closeResumeSandbox(): Promise<void> {
  const closing = new Error("The resume parser pool was closed.");
  for (const pending of queue.splice(0)) pending.reject(closing);
  const exits: Array<Promise<number>> = [];
  for (const pooled of [...workers]) {
    if (pooled.running) pooled.running.settle({ healthy: false, error: closing });
    else retire(pooled);
    exits.push(pooled.worker.terminate());
  }
  await Promise.allSettled(exits);
}

function dispatch(): void {
  while (queue.length > 0) {
    const options = sandboxPoolOptions();
    const next = queue[0]!;
    let idle: PooledWorker | undefined;
    let other: PooledWorker | undefined;
    for (const pooled of workers) {
      if (pooled.running) continue;
      if (pooled.maxMemoryMb === next.limits.maxMemoryMb) {
        idle = pooled;
        break;
      }
      other ??= pooled;
    }
    if (!idle) {
      if (workers.size >= options.size) {
        // Full: make room by dropping an idle worker started with other limits, or wait for a busy one.
        if (!other) return;
        retire(other);
      }
      try {
        idle = spawn(next.limits.maxMemoryMb);
      } catch (error) {
        queue.shift();
        next.reject(error instanceof Error ? error : new Error(String(error)));
        continue;
      }
    }
    queue.shift();
    run(idle, next);
  }
}

function spawn(maxMemoryMb: number): PooledWorker {
  const worker = new Worker(resumeWorkerPath(), {
    // The parent's flags (tsx loaders, vitest, inspectors) are not needed by plain JS and slow start-up.
    execArgv: [],
    resourceLimits: {
      maxOldGenerationSizeMb: maxMemoryMb,
      maxYoungGenerationSizeMb: Math.min(YOUNG_GENERATION_MB, Math.max(4, Math.round(maxMemoryMb / 8))),
      stackSizeMb: 4,
    },
  });
  const pooled: PooledWorker = {
    worker,
    threadId: worker.threadId,
    generation: ++generations,
    maxMemoryMb,
    parses: 0,
    running: null,
    idleTimer: null,
  };
  workers.add(pooled);

  worker.on("message", (reply: WorkerReply) => {
    const running = pooled.running;
    if (reply.id === null) {
      // An error escaped between parses: the worker ends itself; whatever it holds now fails as transient.
      retire(pooled);
      running?.settle({ healthy: false, error: new Error(`Resume parser worker broke between parses: ${reply.message}`) });
      return;
    }
    if (!running || running.id !== reply.id) return; // a late reply to a job already settled (timeout)
    if (reply.ok) running.settle({ healthy: true, result: { text: reply.text, parser: reply.parser, threadId: pooled.threadId } });
    else if ("reason" in reply) running.settle({ healthy: false, error: new ResumeRejectedError(reply.reason, reply.message) });
    else running.settle({ healthy: false, error: new Error(`Resume parser unavailable: ${reply.message}`) });
  });

  worker.on("error", (error: Error & { code?: string }) => {
    const running = pooled.running;
    retire(pooled);
    if (!running) return;
    if (error.code === "ERR_WORKER_OUT_OF_MEMORY") running.settle({ healthy: false, error: outOfMemory(running.pending.limits.maxMemoryMb) });
    // The worker catches every parser failure itself, so what escapes is a broken installation
    // (a module that fails to load): transient, to be retried and noticed.
    else running.settle({ healthy: false, error: new Error(`Resume parser worker failed: ${error.message}`, { cause: error }) });
  });

  worker.on("exit", (code) => {
    const running = pooled.running;
    retire(pooled);
    running?.settle({ healthy: false, error: new Error(`Resume parser worker exited with code ${code} before replying.`) });
    // A queued job may have been waiting for this slot.
    dispatch();
  });

  return pooled;
}

function run(pooled: PooledWorker, pending: Pending): void {
  const { job, limits } = pending;
  const id = ++jobIds;
  if (pooled.idleTimer) clearTimeout(pooled.idleTimer);
  pooled.idleTimer = null;
  pooled.parses++;
  // A parse in flight keeps the process alive, as any pending I/O does; an idle worker does not.
  pooled.worker.ref();
  activeParses++;

  const rssAtStart = process.memoryUsage.rss();
  const rssBudget = (limits.maxMemoryMb + RSS_SLACK_MB) * 1024 * 1024;

  let settled = false;
  const settle = (outcome: Outcome): void => {
    if (settled) return;
    settled = true;
    activeParses--;
    clearTimeout(timer);
    clearInterval(watchdog);
    pooled.running = null;
    if (outcome.healthy) {
      pending.resolve(outcome.result);
      release(pooled);
    } else {
      retire(pooled);
      pending.reject(outcome.error);
    }
    dispatch();
  };
  pooled.running = { id, pending, settle };

  const timer = setTimeout(() => {
    settle({ healthy: false, error: new ResumeRejectedError("timeout", `Parsing the resume took longer than ${limits.timeoutMs} ms.`) });
  }, limits.timeoutMs);

  const watchdog = setInterval(() => {
    if (process.memoryUsage.rss() - rssAtStart <= rssBudget) return;
    const concurrent = activeParses;
    settle({
      healthy: false,
      error:
        concurrent === 1
          ? outOfMemory(limits.maxMemoryMb)
          : // Another parse (or the server itself) may be the one growing: fail this attempt as transient
            // so that a retry, likely alone, decides.
            new Error(`Process memory grew by over ${limits.maxMemoryMb + RSS_SLACK_MB} MB while ${concurrent} resumes were parsed at once.`),
    });
  }, RSS_POLL_MS);

  try {
    pooled.worker.postMessage({ id, ...job }, [job.bytes.buffer as ArrayBuffer]);
  } catch (error) {
    settle({ healthy: false, error: new Error("Could not hand the resume to the parser worker.", { cause: error }) });
  }
}

/** After a good parse: back to the pool, unless it has served its share or the pool shrank. */
function release(pooled: PooledWorker): void {
  const options = sandboxPoolOptions();
  if (pooled.parses >= options.maxParsesPerWorker || workers.size > options.size) {
    retire(pooled);
    return;
  }
  pooled.worker.unref();
  pooled.idleTimer = setTimeout(() => retire(pooled), options.idleMs);
  pooled.idleTimer.unref();
}

/** Takes the worker out of the pool for good and terminates it (idempotent). */
function retire(pooled: PooledWorker): void {
  if (pooled.idleTimer) clearTimeout(pooled.idleTimer);
  pooled.idleTimer = null;
  if (!workers.delete(pooled)) return;
  void pooled.worker.terminate();
}

function outOfMemory(maxMemoryMb: number): ResumeRejectedError {
  return new ResumeRejectedError("out_of_memory", `Parsing the resume needed more than ${maxMemoryMb} MB of memory.`);
}
