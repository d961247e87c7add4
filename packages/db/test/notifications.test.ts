import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listenForNotifications, type RawQueryClient, waitForListeners } from "../src/notifications.ts";

/**
 * waitForListeners: a sender waits until every listening session, in any process, has handled what
 * was committed before. A listener in a child process stopped with SIGSTOP is a stalled server.
 */
const url = process.env.DATABASE_URL!;
const channel = `notify_test_${process.pid}`;
let pool: pg.Pool;
let db: RawQueryClient;

beforeAll(() => {
  pool = new pg.Pool({ connectionString: url, max: 2 });
  db = { $queryRawUnsafe: async <T,>(text: string, ...values: unknown[]) => (await pool.query(text, values)).rows as T };
});
afterAll(async () => {
  await pool.end();
});

const notify = (payload: string) => pool.query("SELECT pg_notify($1, $2)", [channel, payload]);

function startChild(): { child: ChildProcess; output: () => string; waitFor: (text: string) => Promise<void> } {
  const child = spawn(process.execPath, ["--import", "tsx", path.join(import.meta.dirname, "support/listener-child.ts"), url, channel], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  let out = "";
  child.stdout!.on("data", (chunk: Buffer) => (out += chunk.toString("utf8")));
  const waitFor = async (text: string) => {
    const deadline = Date.now() + 20_000;
    while (!out.includes(text)) {
      if (Date.now() > deadline) throw new Error(`no "${text}" from the listener; it printed:\n${out}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };
  return { child, output: () => out, waitFor };
}

describe("waitForListeners", () => {
  it("with nobody listening, answers at once", async () => {
    // A timeout far above the bound: answering at once is told apart from waiting it out, and a loaded machine's slow round trip fits.
    const started = Date.now();
    expect(await waitForListeners(db, channel, 20_000)).toBe(true);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("returns once a listener in this process has handled every message sent before, and sync messages never reach onMessage", async () => {
    const received: string[] = [];
    const listener = listenForNotifications(url, channel, { onMessage: (payload) => received.push(payload) });
    try {
      while (!listener.listening) await new Promise((resolve) => setTimeout(resolve, 10));
      for (const payload of ["1", "2", "3"]) await notify(payload);
      expect(await waitForListeners(db, channel)).toBe(true);
      expect(received).toEqual(["1", "2", "3"]);
    } finally {
      await listener.stop();
    }
  });

  it("a stalled listener (SIGSTOP) holds it until the timeout (false); once it runs again it confirms, having handled what came first", async () => {
    const { child, output, waitFor } = startChild();
    try {
      await waitFor("listening");
      await notify("before");
      expect(await waitForListeners(db, channel, 10_000)).toBe(true);
      expect(output()).toContain("message before");

      child.kill("SIGSTOP");
      await notify("while-stopped");
      const started = Date.now();
      expect(await waitForListeners(db, channel, 400)).toBe(false);
      expect(Date.now() - started).toBeGreaterThanOrEqual(400);
      expect(output()).not.toContain("while-stopped");

      child.kill("SIGCONT");
      expect(await waitForListeners(db, channel, 10_000)).toBe(true);
      await waitFor("message while-stopped");
      expect(output()).not.toContain("sync:");
    } finally {
      child.kill("SIGCONT");
      child.kill("SIGTERM");
    }
  });

  it("a listener whose session ends does not hold it", async () => {
    const { child, waitFor } = startChild();
    try {
      await waitFor("listening");
      child.kill("SIGSTOP");
      await pool.query(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND application_name LIKE $1",
        [`hireflow-listen:${channel}%`],
      );
      const started = Date.now();
      expect(await waitForListeners(db, channel, 5_000)).toBe(true);
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      child.kill("SIGCONT");
      child.kill("SIGTERM");
    }
  });
});
