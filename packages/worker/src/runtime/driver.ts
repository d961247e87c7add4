import { inngest } from "./client.ts";
import { asEventList } from "./events.ts";
import { LocalRunner } from "./local-runner.ts";
import type { AnyJobDefinition, JobEventInput } from "./types.ts";

export type JobDriverKind = "inngest" | "local";

export interface JobDriver {
  kind: JobDriverKind;
  /** Resolves once the driver has accepted the events (not when their runs finish). */
  send(events: JobEventInput[]): Promise<void>;
}

interface JobsGlobal {
  jobs: readonly AnyJobDefinition[];
  runner?: LocalRunner;
}

// On globalThis so `next dev` hot reloads reuse one runner (and its in-flight runs) per process.
const globalForJobs = globalThis as unknown as { __hireflowJobs?: JobsGlobal };

function jobsState(): JobsGlobal {
  return (globalForJobs.__hireflowJobs ??= { jobs: [] });
}

/** Sets the jobs the local runner executes; called by the domain with its full list. */
export function registerJobs(jobs: readonly AnyJobDefinition[]): void {
  const state = jobsState();
  state.runner?.setJobs(jobs); // validates (duplicate ids) before the list is kept
  state.jobs = [...jobs];
}

export function getRegisteredJobs(): readonly AnyJobDefinition[] {
  return jobsState().jobs;
}

/** Inngest when it is configured (an event key, or the Dev Server via INNGEST_DEV), else local. */
export function jobDriverKind(env: Record<string, string | undefined> = process.env): JobDriverKind {
  if (env.INNGEST_EVENT_KEY) return "inngest";
  const dev = env.INNGEST_DEV?.trim().toLowerCase();
  return dev && dev !== "0" && dev !== "false" ? "inngest" : "local";
}

export function getJobDriver(): JobDriver {
  return jobDriverKind() === "inngest" ? inngestDriver : localDriver;
}

/** The process-wide local runner, created on first use with the registered jobs. */
export function getLocalRunner(): LocalRunner {
  const state = jobsState();
  // A runner stopped directly (not through shutdownLocalRunner) would refuse every event.
  if (!state.runner || state.runner.isStopped) state.runner = new LocalRunner({ jobs: state.jobs });
  return state.runner;
}

/**
 * Stops the process-wide runner (for a graceful shutdown, or between tests) and forgets it, so the
 * next use starts a fresh one. Unfinished runs are dropped: the domain's sweepers re-send them.
 */
export async function shutdownLocalRunner(): Promise<void> {
  const state = jobsState();
  const runner = state.runner;
  state.runner = undefined;
  await runner?.stop();
}

const localDriver: JobDriver = {
  kind: "local",
  async send(events) {
    await getLocalRunner().send(events);
  },
};

const inngestDriver: JobDriver = {
  kind: "inngest",
  async send(events) {
    const list = asEventList(events);
    if (list.length === 0) return;
    await inngest.send(list);
  },
};
