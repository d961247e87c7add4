import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { stopOnExit } from "../../helpers/stop-on-exit.ts";

const WEB = path.resolve(import.meta.dirname, "../../..");
const SCRIPT = path.join(import.meta.dirname, "server-process.ts");

export interface ServerProcess {
  url: string;
  /** Everything the process printed (its JSON log lines included). */
  output: string[];
  /** SIGKILL: no shutdown hooks, no flushing — a crash. */
  kill(): Promise<void>;
  /** SIGTERM, then SIGKILL after 5 s. */
  stop(): Promise<void>;
}

/**
 * Starts support/server-process.ts as a child. `node --import tsx` keeps it one process (the tsx
 * CLI would put a second one in between that SIGKILL cannot reach); cwd apps/web gives tsx the
 * tsconfig with the "@/…" paths the route modules use.
 */
export async function startServerProcess(env: Record<string, string>, script = SCRIPT): Promise<ServerProcess> {
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", script], {
    cwd: WEB,
    env: { ...process.env, NODE_ENV: "test", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  stopOnExit(child);
  const output: string[] = [];
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server process did not start:\n${output.join("")}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output.push(chunk.toString("utf8"));
      const ready = output.join("").match(/READY (\S+)/);
      if (ready) {
        clearTimeout(timer);
        resolve(ready[1]!);
      }
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", (chunk: Buffer) => output.push(chunk.toString("utf8")));
    child.once("exit", (code) => reject(new Error(`server process exited (${code}):\n${output.join("")}`)));
  });
  return {
    url,
    output,
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      await exited;
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill("SIGTERM");
        const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
        await exited;
        clearTimeout(timer);
      }
    },
  };
}
