import { readFileSync } from "node:fs";
import pg from "pg";

/**
 * CPU time actually spent, read from /proc (utime + stime of every process involved): on a busy
 * machine throughput and latency include waiting for a core, CPU milliseconds per request do not.
 * That makes "where the time goes" measurable even while other work competes for the cores.
 */
const TICK_MS = 10; // USER_HZ = 100 on Linux

export function cpuMsOf(pids: number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      ticks += Number(fields[11]) + Number(fields[12]); // utime, stime (fields 14 and 15 of stat)
    } catch {
      // exited
    }
  }
  return ticks * TICK_MS;
}

export interface CpuSample {
  server: number;
  /** The database's client backends: the queries' own work. */
  db: number;
  /** The database's background workers (autovacuum): kept apart, see DbBackends. */
  dbBackground: number;
  client: number;
}

export interface CpuProbe {
  sample(): Promise<CpuSample>;
}

/**
 * PostgreSQL backends of the bench database (same machine only; NaN otherwise). Client backends (the
 * queries) and background workers (autovacuum) are counted apart: autovacuum starts when a table's
 * thresholds trip, so its CPU lands in whichever row is being measured then, not in the requests that
 * caused it (docs/BENCHMARKS.md, "GET candidate, the lists and PATCH against the code before pipelines").
 */
export class DbBackends {
  private client: pg.Client;
  private local: boolean;
  private seen = new Map<number, { ms: number; background: boolean }>();

  constructor(databaseUrl: string) {
    this.client = new pg.Client({ connectionString: databaseUrl });
    const host = new URL(databaseUrl).hostname;
    this.local = host === "127.0.0.1" || host === "localhost" || host === "::1";
  }

  async connect(): Promise<void> {
    await this.client.connect();
  }

  /** CPU of every backend ever seen (ones that closed keep their last reading), so the totals only grow. */
  async cpuMs(): Promise<{ queries: number; background: number }> {
    if (!this.local) return { queries: Number.NaN, background: Number.NaN };
    const { rows } = await this.client.query<{ pid: number; background: boolean }>(
      "SELECT pid, backend_type <> 'client backend' AS background FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()",
    );
    for (const { pid, background } of rows) this.seen.set(pid, { ms: cpuMsOf([pid]), background });
    const totals = { queries: 0, background: 0 };
    for (const { ms, background } of this.seen.values()) totals[background ? "background" : "queries"] += ms;
    return totals;
  }

  async close(): Promise<void> {
    await this.client.end();
  }
}

export function cpuProbe(serverPids: () => number[], db: DbBackends): CpuProbe {
  return {
    async sample() {
      const usage = process.cpuUsage();
      const dbMs = await db.cpuMs();
      return { server: cpuMsOf(serverPids()), db: dbMs.queries, dbBackground: dbMs.background, client: (usage.user + usage.system) / 1000 };
    },
  };
}
