import { randomUUID } from "node:crypto";
import { serializeError } from "inngest";
import { asEventList, type NormalizedEvent } from "./events.ts";
import { isNonRetriable, LocalStepTools, retryAfterMs, toJson, type StepMemo } from "./local-steps.ts";
import type { AnyJobDefinition, JobEvent, JobEventInput, JobInvocation, JobLogger } from "./types.ts";

export type RunStatus = "queued" | "running" | "waiting" | "completed" | "failed" | "cancelled";

/** A snapshot of one run, for tests, logs and an admin view. */
export interface RunInfo {
  runId: string;
  jobId: string;
  /** "failure" runs execute a job's `onFailure` hook for the failed run `failedRunId`. */
  kind: "main" | "failure";
  failedRunId?: string;
  event: JobEvent<unknown>;
  status: RunStatus;
  /** Invocations of the handler that ended in an error (retried or final). */
  failedAttempts: number;
  result?: unknown;
  error?: { name: string; message: string };
  startedAt: number;
  endedAt?: number;
}

export interface LocalRunnerOptions {
  jobs?: readonly AnyJobDefinition[];
  /** First retry delay; doubles per retry. Default LOCAL_RUNNER_RETRY_BASE_MS or 1000. */
  retryBaseMs?: number;
  /** Cap on the retry delay. Default LOCAL_RUNNER_RETRY_MAX_MS or 10 minutes. */
  retryMaxMs?: number;
  /** Concurrency of a job that declares none. Default 10. */
  defaultConcurrency?: number;
  logger?: JobLogger;
  /** Finished runs kept for `getRun()`. Default 1000. */
  historyLimit?: number;
  /** Called whenever a run reaches completed, failed or cancelled. */
  onRunFinished?: (run: RunInfo) => void;
}

export interface SendResult {
  /** One per event (the sender's id when given). */
  ids: string[];
  /** The runs started; an event repeated by id within 24 h starts none. */
  runIds: string[];
}

const DEDUPE_WINDOW_MS = 24 * 60 * 60 * 1000;
const DEDUPE_MAX_IDS = 10_000;

interface Run {
  info: RunInfo;
  job: AnyJobDefinition;
  queueKey: string;
  memo: Map<string, StepMemo>;
  /** Failures of the current step; reset when a step completes. */
  attempt: number;
  failureError?: Error;
  timer?: NodeJS.Timeout;
  waiters: Array<(info: RunInfo) => void>;
}

interface Queue {
  limit: number;
  active: number;
  ready: Run[];
}

/**
 * Runs job definitions in this process: the driver when Inngest is not configured (dev, tests,
 * self-hosted). Runs live in memory only; durability comes from the domain's rows and sweepers,
 * which re-send whatever a restart lost. Sleeping or backing-off runs hold no concurrency slot,
 * matching Inngest, where only executing steps count against a limit.
 */
export class LocalRunner {
  private jobs: readonly AnyJobDefinition[] = [];
  private readonly queues = new Map<string, Queue>();
  private readonly runs = new Map<string, Run>();
  private readonly history = new Map<string, RunInfo>();
  private readonly seenEventIds = new Map<string, number>();
  private idleWaiters: Array<() => void> = [];
  private stopped = false;
  private readonly retryBaseMs: number;
  private readonly retryMaxMs: number;
  private readonly defaultConcurrency: number;
  private readonly historyLimit: number;
  private readonly logger: JobLogger;

  constructor(private readonly options: LocalRunnerOptions = {}) {
    this.retryBaseMs = options.retryBaseMs ?? envNumber("LOCAL_RUNNER_RETRY_BASE_MS") ?? 1000;
    this.retryMaxMs = options.retryMaxMs ?? envNumber("LOCAL_RUNNER_RETRY_MAX_MS") ?? 10 * 60 * 1000;
    this.defaultConcurrency = options.defaultConcurrency ?? 10;
    this.historyLimit = options.historyLimit ?? 1000;
    this.logger = options.logger ?? consoleLogger;
    this.setJobs(options.jobs ?? []);
  }

  /**
   * Replaces the set of jobs events are dispatched to. Runs already started keep the definition
   * they started with (after a hot reload, the old code finishes its run).
   */
  setJobs(jobs: readonly AnyJobDefinition[]): void {
    const ids = new Set<string>();
    for (const job of jobs) {
      if (ids.has(job.id)) throw new Error(`Duplicate job id "${job.id}"`);
      ids.add(job.id);
    }
    this.jobs = [...jobs];
  }

  getJobs(): readonly AnyJobDefinition[] {
    return this.jobs;
  }

  /** Accepts events and starts a run for every job they trigger; handlers start asynchronously. */
  async send(events: JobEventInput | readonly JobEventInput[]): Promise<SendResult> {
    return this.dispatch(asEventList(events as JobEventInput | JobEventInput[]));
  }

  getRun(runId: string): RunInfo | undefined {
    const run = this.runs.get(runId);
    return run ? snapshot(run.info) : this.history.get(runId);
  }

  /** Every run still in memory (unfinished first), newest last. */
  listRuns(): RunInfo[] {
    return [...[...this.runs.values()].map((run) => snapshot(run.info)), ...this.history.values()];
  }

  /** Resolves with the run once it has finished (completed, failed or cancelled). */
  waitForRun(runId: string): Promise<RunInfo> {
    const run = this.runs.get(runId);
    if (run) return new Promise((resolve) => run.waiters.push(resolve));
    const done = this.history.get(runId);
    return done ? Promise.resolve(done) : Promise.reject(new Error(`Unknown run ${runId}`));
  }

  /** Resolves when no run is queued, executing, sleeping or waiting to retry. */
  idle(): Promise<void> {
    if (this.runs.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /**
   * Stops accepting events, cancels runs that are queued, sleeping or waiting to retry, and
   * waits for executing invocations to finish (their next sleep or retry is cancelled too).
   */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const run of [...this.runs.values()]) {
      if (run.info.status !== "running") this.finish(run, "cancelled");
    }
    for (const queue of this.queues.values()) queue.ready = [];
    await this.idle();
  }

  get isStopped(): boolean {
    return this.stopped;
  }

  private dispatch(events: NormalizedEvent[]): SendResult {
    if (this.stopped) throw new Error("The local job runner is stopped");
    const result: SendResult = { ids: [], runIds: [] };
    const now = Date.now();
    for (const input of events) {
      const id = input.id ?? randomUUID();
      result.ids.push(id);
      if (input.id !== undefined && this.isDuplicate(input.id, now)) {
        this.logger.debug(`[jobs] event ${input.name} ${input.id} already received; ignored`);
        continue;
      }
      // A JSON copy, as Inngest delivers it: the sender's objects are never shared with handlers.
      const event: JobEvent<unknown> = { id, name: input.name, data: toJson(input.data), ts: now };
      const jobs = this.jobs.filter((job) => matches(job.event, event.name));
      if (jobs.length === 0) this.logger.debug(`[jobs] no job is triggered by ${event.name}`);
      for (const job of jobs) result.runIds.push(this.startRun(job, event, "main").info.runId);
    }
    return result;
  }

  private isDuplicate(eventId: string, now: number): boolean {
    for (const [id, seenAt] of this.seenEventIds) {
      if (now - seenAt < DEDUPE_WINDOW_MS && this.seenEventIds.size <= DEDUPE_MAX_IDS) break;
      this.seenEventIds.delete(id); // Map iterates oldest first
    }
    if (this.seenEventIds.has(eventId)) return true;
    this.seenEventIds.set(eventId, now);
    return false;
  }

  private startRun(job: AnyJobDefinition, event: JobEvent<unknown>, kind: RunInfo["kind"], failed?: Run): Run {
    const run: Run = {
      info: {
        runId: randomUUID(),
        jobId: job.id,
        kind,
        event,
        status: "queued",
        failedAttempts: 0,
        startedAt: Date.now(),
        ...(failed ? { failedRunId: failed.info.runId } : {}),
      },
      job,
      // Failure hooks must not wait behind the runs of the job they report on.
      queueKey: kind === "main" ? job.id : `${job.id}:onFailure`,
      memo: new Map(),
      attempt: 0,
      ...(failed?.failureError ? { failureError: failed.failureError } : {}),
      waiters: [],
    };
    this.runs.set(run.info.runId, run);
    this.enqueue(run);
    return run;
  }

  private enqueue(run: Run): void {
    run.info.status = "queued";
    const queue = this.queue(run);
    queue.ready.push(run);
    this.pump(queue);
  }

  private queue(run: Run): Queue {
    let queue = this.queues.get(run.queueKey);
    if (!queue) {
      const limit = run.info.kind === "main" ? (run.job.concurrency ?? run.job.localConcurrency ?? this.defaultConcurrency) : this.defaultConcurrency;
      queue = { limit, active: 0, ready: [] };
      this.queues.set(run.queueKey, queue);
    }
    return queue;
  }

  private pump(queue: Queue): void {
    while (queue.active < queue.limit && queue.ready.length > 0) {
      const run = queue.ready.shift()!;
      queue.active += 1;
      run.info.status = "running";
      // Never run handler code synchronously inside the sender's call.
      queueMicrotask(() => {
        void this.invoke(run).finally(() => {
          queue.active -= 1;
          this.pump(queue);
        });
      });
    }
  }

  /** One pass of the handler over the run's memo; decides what happens to the run next. */
  private async invoke(run: Run): Promise<void> {
    const tools = new LocalStepTools({
      memo: run.memo,
      isLastAttempt: () => run.attempt >= run.job.retries,
      progressed: () => (run.attempt = 0),
      dispatch: (events) => this.dispatch(events).ids,
    });
    const invocation: JobInvocation = {
      event: run.info.event,
      step: tools,
      attempt: run.attempt,
      runId: run.info.runId,
      logger: this.logger,
    };

    type Outcome = { type: "resolved"; value: unknown } | { type: "rejected"; error: unknown } | { type: "interrupted" };
    const execution: Promise<Outcome> = (async () => this.execute(run, invocation))().then(
      (value) => ({ type: "resolved", value }),
      (error: unknown) => ({ type: "rejected", error }),
    );
    const outcome = await Promise.race([execution, tools.interrupted.then((): Outcome => ({ type: "interrupted" }))]);
    tools.close();
    await tools.drain();

    if (outcome.type === "resolved") {
      run.info.result = toJson(outcome.value);
      return this.finish(run, "completed");
    }
    if (outcome.type === "rejected") {
      const error = outcome.error;
      run.info.failedAttempts += 1;
      const final = isNonRetriable(error) || tools.isFinalStepError(error) || run.attempt >= run.job.retries;
      if (final) return this.fail(run, error);
      return this.retryLater(run, error);
    }
    const retry = tools.interrupts.find((i) => i.kind === "retry");
    if (retry) {
      run.info.failedAttempts += 1;
      return this.retryLater(run, retry.error);
    }
    const wakeAt = Math.min(...tools.interrupts.map((i) => (i.kind === "sleep" ? i.until : Infinity)));
    this.wait(run, wakeAt - Date.now());
  }

  private execute(run: Run, invocation: JobInvocation): Promise<unknown> {
    if (run.info.kind === "main") return run.job.invoke(invocation);
    const failedRunId = run.info.failedRunId!;
    return run.job.invokeFailure!({ ...invocation, error: run.failureError ?? new Error("unknown"), failedRunId });
  }

  private retryLater(run: Run, error: unknown): void {
    run.attempt += 1;
    const delay = retryAfterMs(error) ?? Math.min(this.retryMaxMs, this.retryBaseMs * 2 ** (run.attempt - 1));
    this.logger.warn(
      `[jobs] ${run.job.id} run ${run.info.runId} attempt ${run.attempt} failed; retrying in ${delay} ms:`,
      errorMessage(error),
    );
    this.wait(run, delay);
  }

  private wait(run: Run, delayMs: number): void {
    if (this.stopped) return this.finish(run, "cancelled");
    run.info.status = "waiting";
    run.timer = setTimeout(() => {
      run.timer = undefined;
      this.enqueue(run);
    }, Math.max(0, delayMs));
  }

  private fail(run: Run, error: unknown): void {
    const err = error instanceof Error ? error : new Error(String(error));
    run.info.error = { name: err.name, message: err.message };
    run.failureError = err;
    this.logger.error(`[jobs] ${run.job.id} run ${run.info.runId} failed:`, errorMessage(err));
    // Start the hook before finishing, so idle() never sees a gap between the two runs.
    if (run.info.kind === "main" && run.job.invokeFailure && !this.stopped) {
      this.startRun(run.job, run.info.event, "failure", run);
    }
    this.finish(run, "failed");
  }

  private finish(run: Run, status: "completed" | "failed" | "cancelled"): void {
    if (run.timer) clearTimeout(run.timer);
    run.info.status = status;
    run.info.endedAt = Date.now();
    this.runs.delete(run.info.runId);
    const info = snapshot(run.info);
    this.history.set(info.runId, info);
    while (this.history.size > this.historyLimit) this.history.delete(this.history.keys().next().value!);
    for (const resolve of run.waiters.splice(0)) resolve(info);
    try {
      this.options.onRunFinished?.(info);
    } catch (error) {
      this.logger.error("[jobs] onRunFinished threw:", errorMessage(error));
    }
    if (this.runs.size === 0) for (const resolve of this.idleWaiters.splice(0)) resolve();
  }
}

function matches(trigger: string, name: string): boolean {
  return trigger.endsWith("*") ? name.startsWith(trigger.slice(0, -1)) : trigger === name;
}

function snapshot(info: RunInfo): RunInfo {
  return { ...info, ...(info.error ? { error: { ...info.error } } : {}) };
}

function errorMessage(error: unknown): string {
  const { name, message } = serializeError(error);
  return `${name}: ${message}`;
}

function envNumber(name: string): number | undefined {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return undefined;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a non-negative number`);
  return value;
}

const consoleLogger: JobLogger = {
  info: (...args) => console.info(...args),
  warn: (...args) => console.warn(...args),
  error: (...args) => console.error(...args),
  debug: () => {},
};
