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
  db: number;
  client: number;
}

export interface CpuProbe {
  sample(): Promise<CpuSample>;
}

/** PostgreSQL backends serving the bench database (same machine only; 0 otherwise). */
export class DbBackends {
  private client: pg.Client;
  private local: boolean;
  private seen = new Map<number, number>();

  constructor(databaseUrl: string) {
    this.client = new pg.Client({ connectionString: databaseUrl });
    const host = new URL(databaseUrl).hostname;
    this.local = host === "127.0.0.1" || host === "localhost" || host === "::1";
  }

  async connect(): Promise<void> {
    await this.client.connect();
  }

  /** CPU of every backend ever seen (ones that closed keep their last reading), so the total only grows. */
  async cpuMs(): Promise<number> {
    if (!this.local) return Number.NaN;
    const { rows } = await this.client.query<{ pid: number }>(
      "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()",
    );
    for (const { pid } of rows) this.seen.set(pid, cpuMsOf([pid]));
    let total = 0;
    for (const ms of this.seen.values()) total += ms;
    return total;
  }

  async close(): Promise<void> {
    await this.client.end();
  }
}

export function cpuProbe(serverPids: () => number[], db: DbBackends): CpuProbe {
  return {
    async sample() {
      const usage = process.cpuUsage();
      return { server: cpuMsOf(serverPids()), db: await db.cpuMs(), client: (usage.user + usage.system) / 1000 };
    },
  };
}
