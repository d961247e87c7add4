export { defineJob, inngest, NonRetriableError, RetryAfterError, StepError } from "./client.ts";
export type { JobConfig } from "./client.ts";
export {
  getJobDriver,
  getLocalRunner,
  getRegisteredJobs,
  jobDriverKind,
  registerJobs,
  shutdownLocalRunner,
} from "./driver.ts";
export type { JobDriver, JobDriverKind } from "./driver.ts";
export { LocalRunner } from "./local-runner.ts";
export type { LocalRunnerOptions, RunInfo, RunStatus, SendResult } from "./local-runner.ts";
export { createInngestHandlers, inngestServeOrigin } from "./serve.ts";
export type { InngestServeOptions } from "./serve.ts";
export type {
  AnyJobDefinition,
  JobContext,
  JobDefinition,
  JobEvent,
  JobEventInput,
  JobFailureContext,
  JobFailureHandler,
  JobHandler,
  JobLogger,
  JobStep,
  Jsonified,
} from "./types.ts";
export { defineSchedule, type ScheduleDefinition } from "./schedule.ts";
