import type { ChildProcess } from "node:child_process";

/**
 * Server processes this test process started and has not stopped yet. A test whose timeout ends
 * while its server is still starting leaves the start running; the start then succeeds with no one
 * to close the server, and when vitest ends the worker the child lives on (CI once found two such
 * servers still running two hours later, one at 42 % of a core). The worker's end stops them all.
 */
const live = new Set<ChildProcess>();
let installed = false;

const stopAll = () => {
  for (const child of live) child.kill("SIGKILL");
};

export function stopOnExit(child: ChildProcess): void {
  live.add(child);
  child.once("exit", () => live.delete(child));
  if (installed) return;
  installed = true;
  // `exit` handlers run synchronously: kill() sends the signal at once, which is all it takes.
  process.once("exit", stopAll);
  // vitest stops a fork with SIGTERM, whose default ends the process without an `exit` event: stop
  // the servers, then let the signal do what it would have done.
  process.once("SIGTERM", () => {
    stopAll();
    if (process.listenerCount("SIGTERM") === 0) process.kill(process.pid, "SIGTERM");
  });
}
