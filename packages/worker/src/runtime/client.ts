import { Inngest, type GetStepTools, type StandardSchemaV1 } from "inngest";
import type {
  JobDefinition,
  JobEvent,
  JobFailureHandler,
  JobHandler,
  JobLogger,
  JobStep,
  Jsonified,
} from "./types.ts";
import { asEventList } from "./events.ts";
import { parseEventData, validateData } from "./validate.ts";

export { NonRetriableError, RetryAfterError, StepError } from "inngest";

/**
 * The one Inngest client. The SDK reads INNGEST_EVENT_KEY, INNGEST_SIGNING_KEY, INNGEST_DEV and
 * INNGEST_BASE_URL when this module loads, so they must be in the environment before that.
 */
export const inngest = new Inngest({ id: "hireflow" });

/** Inngest's own cap on `retries`. */
const MAX_RETRIES = 20;

export interface JobConfig<TSchema extends StandardSchemaV1, TResult> {
  /** Stable function id: renaming it orphans in-flight runs on Inngest. */
  id: string;
  /** Trigger event name (a trailing `*` matches a prefix). */
  event: string;
  /** Attempts after the first, per step (0-20). */
  retries: number;
  /** Maximum concurrently executing runs of this job. */
  concurrency?: number;
  /**
   * Without `concurrency`: the local runner's limit for this job (Inngest applies the account's).
   * For I/O-bound jobs whose runs mostly wait, where the runner's default of 10 would queue them.
   */
  localConcurrency?: number;
  /** Schema of `event.data`; data that does not validate fails the run without retries. */
  schema: TSchema;
  handler: JobHandler<StandardSchemaV1.InferOutput<TSchema>, TResult>;
  /** Called once when a run has failed for good (retries exhausted or a NonRetriableError). */
  onFailure?: JobFailureHandler<StandardSchemaV1.InferOutput<TSchema>>;
}

/**
 * Defines a background job once: the result carries the Inngest function (served at /api/inngest
 * in production) and the plain handler with its metadata (run by the local runner and tests).
 */
export function defineJob<TSchema extends StandardSchemaV1, TResult>(
  config: JobConfig<TSchema, TResult>,
): JobDefinition<StandardSchemaV1.InferOutput<TSchema>, TResult> {
  type TData = StandardSchemaV1.InferOutput<TSchema>;
  const { id, event, retries, concurrency, localConcurrency, handler, onFailure } = config;
  const schema = config.schema as StandardSchemaV1<unknown, TData>;
  assertConfig(config);

  const invoke: JobDefinition<TData, TResult>["invoke"] = async (inv) => {
    const data = await parseEventData(id, schema, inv.event.data);
    return handler({ ...inv, event: { ...inv.event, data } });
  };

  const invokeFailure: JobDefinition<TData, TResult>["invokeFailure"] = onFailure
    ? async (inv) => {
        const parsed = await validateData(schema, inv.event.data);
        await onFailure({
          event: inv.event,
          data: parsed.ok ? parsed.value : null,
          error: inv.error,
          runId: inv.failedRunId,
          step: inv.step,
          logger: inv.logger,
        });
      }
    : undefined;

  const inngestFunction = inngest.createFunction(
    {
      id,
      triggers: [{ event }],
      retries: retries as InngestRetries,
      ...(concurrency === undefined ? {} : { concurrency: { limit: concurrency } }),
      ...(invokeFailure
        ? {
            onFailure: async (ctx) => {
              const failed = ctx.event.data;
              await invokeFailure({
                event: fromInngestEvent(failed.event),
                error: ctx.error,
                failedRunId: failed.run_id,
                runId: ctx.runId,
                attempt: ctx.attempt,
                step: fromInngestStep(ctx.step),
                logger: ctx.logger,
              });
            },
          }
        : {}),
    },
    async (ctx) =>
      invoke({
        event: fromInngestEvent(ctx.event),
        step: fromInngestStep(ctx.step),
        attempt: ctx.attempt,
        runId: ctx.runId,
        logger: ctx.logger as JobLogger,
      }),
  );

  return {
    id,
    event,
    retries,
    concurrency,
    localConcurrency,
    schema,
    handler,
    onFailure,
    invoke,
    invokeFailure,
    inngestFunction,
  };
}

type InngestRetries = NonNullable<Parameters<typeof inngest.createFunction>[0]["retries"]>;

function assertConfig(config: Pick<JobConfig<StandardSchemaV1, unknown>, "id" | "event" | "retries" | "concurrency" | "localConcurrency">): void {
  if (!config.id) throw new Error("defineJob: id is required");
  if (!config.event) throw new Error(`defineJob(${config.id}): event is required`);
  if (!Number.isInteger(config.retries) || config.retries < 0 || config.retries > MAX_RETRIES) {
    throw new Error(`defineJob(${config.id}): retries must be an integer from 0 to ${MAX_RETRIES}`);
  }
  if (config.concurrency !== undefined && !(Number.isInteger(config.concurrency) && config.concurrency > 0)) {
    throw new Error(`defineJob(${config.id}): concurrency must be a positive integer`);
  }
  if (config.localConcurrency !== undefined && !(Number.isInteger(config.localConcurrency) && config.localConcurrency > 0)) {
    throw new Error(`defineJob(${config.id}): localConcurrency must be a positive integer`);
  }
}

interface InngestEventLike {
  id?: string;
  name: string;
  data?: unknown;
  ts?: number;
}

function fromInngestEvent(event: InngestEventLike): JobEvent<unknown> {
  return { id: event.id ?? "", name: event.name, data: event.data, ts: event.ts ?? Date.now() };
}

type InngestStep = GetStepTools<typeof inngest>;

function fromInngestStep(step: InngestStep): JobStep {
  return {
    run: <T>(id: string, fn: () => T | Promise<T>) => step.run(id, fn) as Promise<Jsonified<T>>,
    sleep: (id, duration) => step.sleep(id, duration),
    sleepUntil: (id, until) => step.sleepUntil(id, until),
    sendEvent: async (id, events) => {
      const list = asEventList(events);
      // Inngest refuses an empty batch; sending nothing is a valid outcome for a fan-out.
      if (list.length === 0) return { ids: [] };
      const { ids } = await step.sendEvent(id, list);
      return { ids };
    },
  };
}
