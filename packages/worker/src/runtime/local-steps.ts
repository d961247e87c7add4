import { durationToMs, NonRetriableError, RetryAfterError, serializeError, StepError } from "inngest";
import { asEventList, type NormalizedEvent } from "./events.ts";
import type { JobEventInput, JobStep, Jsonified } from "./types.ts";

/** Inngest refuses runs with more steps than this; a runaway loop should fail the same way locally. */
export const MAX_STEPS_PER_RUN = 1000;

type SerializedError = ReturnType<typeof serializeError>;

/** What a run remembers about one step between invocations. */
export type StepMemo =
  | { kind: "data"; data: unknown }
  | { kind: "error"; error: SerializedError }
  | { kind: "sleep"; until: number };

/** Why an invocation stopped before the handler settled. */
export type Interrupt = { kind: "retry"; error: unknown } | { kind: "sleep"; until: number };

/** The run-level state the step tools read and update. */
export interface StepHost {
  readonly memo: Map<string, StepMemo>;
  /** True when a failure now exhausts the retries of the current step. */
  isLastAttempt(): boolean;
  /** A step completed for the first time: the next step gets a fresh retry budget, as on Inngest. */
  progressed(): void;
  dispatch(events: NormalizedEvent[]): string[];
}

const never = <T>(): Promise<T> => new Promise<T>(() => {});

/**
 * Step tools for one invocation of a run. Completed steps replay from the memo; the first new step
 * runs inline. A step that must wait (a retry, a sleep) interrupts the invocation: its promise never
 * settles, so the handler freezes there and the runner re-invokes the run later from the memo —
 * the same replay model Inngest uses, so handlers may even catch step errors safely.
 */
export class LocalStepTools implements JobStep {
  readonly interrupts: Interrupt[] = [];
  readonly interrupted: Promise<void>;
  private signalInterrupt!: () => void;
  private closed = false;
  private readonly seen = new Map<string, number>();
  private readonly inFlight = new Set<Promise<unknown>>();
  /** StepErrors of steps that failed for good: letting one escape the handler ends the run. */
  private readonly finalErrors = new WeakSet<object>();

  constructor(private readonly host: StepHost) {
    this.interrupted = new Promise<void>((resolve) => (this.signalInterrupt = resolve));
  }

  isFinalStepError(error: unknown): boolean {
    return typeof error === "object" && error !== null && this.finalErrors.has(error);
  }

  /** Ends the invocation: later step calls (from still-running parallel branches) never settle. */
  close(): void {
    this.closed = true;
  }

  /** Waits for step functions already started, so a retry never runs a step twice at once. */
  async drain(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  run<T>(id: string, fn: () => T | Promise<T>): Promise<Jsonified<T>> {
    return this.step(id, (key) => {
      // The memo is written (or the interrupt raised) before `outcome` settles, so drain() sees it.
      const outcome = (async (): Promise<() => Promise<unknown>> => {
        try {
          const data = toJson(await fn());
          this.complete(key, { kind: "data", data });
          return () => Promise.resolve(structuredClone(data));
        } catch (error) {
          return this.stepFailed(id, key, error);
        }
      })();
      this.inFlight.add(outcome);
      void outcome.finally(() => this.inFlight.delete(outcome));
      return outcome.then((next) => next());
    }) as Promise<Jsonified<T>>;
  }

  sleep(id: string, duration: number | string): Promise<void> {
    let ms: number;
    try {
      // The SDK's own parser, so "1h30m" or a non-positive duration behave as they do on Inngest.
      ms = durationToMs(duration, { name: `step.sleep("${id}")` });
    } catch (error) {
      return Promise.reject(error);
    }
    return this.sleepStep(id, () => Date.now() + ms);
  }

  sleepUntil(id: string, until: Date | string): Promise<void> {
    const at = until instanceof Date ? until.getTime() : Date.parse(until);
    if (Number.isNaN(at)) return Promise.reject(new TypeError(`step.sleepUntil("${id}"): invalid date`));
    return this.sleepStep(id, () => at);
  }

  sendEvent(id: string, events: JobEventInput | JobEventInput[]): Promise<{ ids: string[] }> {
    let list: NormalizedEvent[];
    try {
      list = asEventList(events);
    } catch (error) {
      return Promise.reject(error);
    }
    // Mirrors the Inngest adapter, which skips the step for an empty batch.
    if (list.length === 0) return Promise.resolve({ ids: [] });
    // A step like any other: a failed dispatch (e.g. the runner is stopping) is retried.
    return this.run(id, () => ({ ids: this.host.dispatch(list) }));
  }

  private sleepStep(id: string, wakeAt: () => number): Promise<void> {
    return this.step(id, (key) => {
      // The wake time is fixed when the sleep is first reached; replays compare against it.
      const until = wakeAt();
      this.complete(key, { kind: "sleep", until });
      if (until > Date.now()) return this.interrupt({ kind: "sleep", until });
      return Promise.resolve(undefined);
    }).then(() => undefined);
  }

  /** Replays a memoised step or, if the invocation is still open, executes it once. */
  private step(id: string, execute: (key: string) => Promise<unknown>): Promise<unknown> {
    const key = this.keyFor(id);
    const memo = this.host.memo.get(key);
    if (memo) return this.replay(id, memo);
    if (this.closed) return never();
    if (this.host.memo.size >= MAX_STEPS_PER_RUN) {
      return this.finalFailure(id, key, new NonRetriableError(`Run exceeded ${MAX_STEPS_PER_RUN} steps`))();
    }
    return execute(key);
  }

  private replay(id: string, memo: StepMemo): Promise<unknown> {
    switch (memo.kind) {
      case "data":
        return Promise.resolve(structuredClone(memo.data));
      case "error":
        return Promise.reject(this.stepError(id, memo.error));
      case "sleep":
        if (memo.until <= Date.now()) return Promise.resolve(undefined);
        if (this.closed) return never();
        return this.interrupt({ kind: "sleep", until: memo.until });
    }
  }

  /** Records the failure now and returns how the step's promise should settle. */
  private stepFailed(id: string, key: string, error: unknown): () => Promise<never> {
    if (isNonRetriable(error) || this.host.isLastAttempt()) return this.finalFailure(id, key, error);
    const waiting = this.interrupt({ kind: "retry", error });
    return () => waiting;
  }

  private finalFailure(id: string, key: string, error: unknown): () => Promise<never> {
    const serialized = serializeError(error);
    this.complete(key, { kind: "error", error: serialized });
    return () => Promise.reject(this.stepError(id, serialized));
  }

  private stepError(id: string, serialized: SerializedError): StepError {
    const error = new StepError(id, serialized);
    this.finalErrors.add(error);
    return error;
  }

  private complete(key: string, memo: StepMemo): void {
    this.host.memo.set(key, memo);
    this.host.progressed();
  }

  private interrupt(reason: Interrupt): Promise<never> {
    this.interrupts.push(reason);
    this.signalInterrupt();
    return never();
  }

  /** Repeated ids get a counter suffix, so a step inside a loop memoises each iteration. */
  private keyFor(id: string): string {
    const n = this.seen.get(id) ?? 0;
    this.seen.set(id, n + 1);
    return n === 0 ? id : `${id}:${n}`;
  }
}

export function isNonRetriable(error: unknown): boolean {
  // By name as well: Inngest does the same, and a StepError carries its cause's name.
  return error instanceof NonRetriableError || (error as { name?: unknown } | null)?.name === "NonRetriableError";
}

/** Milliseconds to wait asked for by a RetryAfterError (Inngest stores seconds or an ISO date). */
export function retryAfterMs(error: unknown): number | undefined {
  if (!(error instanceof RetryAfterError || (error as { name?: unknown } | null)?.name === "RetryAfterError")) {
    return undefined;
  }
  const value = String((error as RetryAfterError).retryAfter);
  const ms = /^\d+$/.test(value) ? Number(value) * 1000 : Date.parse(value) - Date.now();
  return Number.isFinite(ms) ? Math.max(0, ms) : undefined;
}

/** Step results are stored as JSON on Inngest; storing them the same way here keeps the drivers alike. */
export function toJson(value: unknown): unknown {
  if (value === undefined) return null;
  const text = JSON.stringify(value);
  return text === undefined ? null : JSON.parse(text);
}
