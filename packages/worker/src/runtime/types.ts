import type { InngestFunction, StandardSchemaV1 } from "inngest";

/** An event as a sender hands it to a driver. `id` is the idempotency key: Inngest drops repeats. */
export interface JobEventInput {
  name: string;
  data: unknown;
  id?: string;
}

/** The triggering event as a handler sees it. */
export interface JobEvent<TData = unknown> {
  id: string;
  name: string;
  data: TData;
  /** Milliseconds since the epoch at which the event was accepted. */
  ts: number;
}

export interface JobLogger {
  info(...args: unknown[]): void;
  warn(...args: unknown[]): void;
  error(...args: unknown[]): void;
  debug(...args: unknown[]): void;
}

/**
 * What a step result looks like after it has been stored: Inngest keeps step output as JSON and
 * replays it from there, so a `Date` comes back as a string and `undefined` as `null`. The local
 * runner round-trips every result through JSON too, so code that works locally works on Inngest.
 */
export type Jsonified<T> = T extends undefined | void ? null : JsonValueOf<T>;
type JsonValueOf<T> = T extends { toJSON(): infer J }
  ? J
  : T extends string | number | boolean | null | undefined
    ? T
    : T extends (...args: never[]) => unknown
      ? never
      : T extends readonly (infer U)[]
        ? JsonValueOf<U>[]
        : T extends object
          ? { [K in keyof T]: JsonValueOf<T[K]> }
          : never;

/** The subset of Inngest's step tools that jobs use; both drivers implement exactly this. */
export interface JobStep {
  /** Runs `fn` once per run: after it succeeds, retries of the run replay its stored result. */
  run<T>(id: string, fn: () => T | Promise<T>): Promise<Jsonified<T>>;
  /** Milliseconds, or an Inngest duration string such as "30s", "5m", "2h". */
  sleep(id: string, duration: number | string): Promise<void>;
  sleepUntil(id: string, until: Date | string): Promise<void>;
  sendEvent(id: string, events: JobEventInput | JobEventInput[]): Promise<{ ids: string[] }>;
}

export interface JobContext<TData> {
  event: JobEvent<TData>;
  step: JobStep;
  /** Zero-based; counts failures of the current step, as Inngest does (it resets when a step completes). */
  attempt: number;
  runId: string;
  logger: JobLogger;
}

export interface JobFailureContext<TData> {
  /** The event that triggered the failed run, as received. */
  event: JobEvent<unknown>;
  /** `event.data` validated by the job's schema, or null when the data itself was invalid. */
  data: TData | null;
  /** The error that ended the run. */
  error: Error;
  /** The id of the failed run. */
  runId: string;
  step: JobStep;
  logger: JobLogger;
}

export type JobHandler<TData, TResult> = (ctx: JobContext<TData>) => Promise<TResult>;
export type JobFailureHandler<TData> = (ctx: JobFailureContext<TData>) => Promise<void>;

/** The untyped view both drivers execute; a domain job's `event.data` is validated inside `invoke`. */
export interface JobInvocation {
  event: JobEvent<unknown>;
  step: JobStep;
  attempt: number;
  runId: string;
  logger: JobLogger;
}

export interface JobFailureInvocation extends JobInvocation {
  error: Error;
  /** The failed run (the invocation's own `runId` is the failure handler's run). */
  failedRunId: string;
}

/**
 * A job as drivers and registries see it, whatever its data type. Heterogeneous lists of jobs
 * (`registerJobs`, `createInngestHandlers`) are typed with this.
 */
export interface AnyJobDefinition {
  readonly id: string;
  /** Trigger event name; a trailing `*` matches every event with that prefix, as in Inngest. */
  readonly event: string;
  /** Attempts after the first, per step (Inngest semantics). */
  readonly retries: number;
  /** Maximum concurrently executing invocations of this job; undefined means the driver's default. */
  readonly concurrency: number | undefined;
  /** The local runner's limit for a job Inngest runs without one (undefined: the runner's default). */
  readonly localConcurrency: number | undefined;
  /** The Inngest function built from this definition, for `serve()`. */
  readonly inngestFunction: InngestFunction.Any;
  /** Validates `event.data` and runs the handler. Invalid data throws a NonRetriableError. */
  invoke(invocation: JobInvocation): Promise<unknown>;
  /** Present when the job has an `onFailure` hook. */
  readonly invokeFailure: ((invocation: JobFailureInvocation) => Promise<void>) | undefined;
}

export interface JobDefinition<TData = unknown, TResult = unknown> extends AnyJobDefinition {
  readonly schema: StandardSchemaV1<unknown, TData>;
  readonly handler: JobHandler<TData, TResult>;
  readonly onFailure: JobFailureHandler<TData> | undefined;
}
