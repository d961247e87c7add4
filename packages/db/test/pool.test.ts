import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPool, isStatementError } from "../src/pool.ts";

/**
 * createPool's query() keeps the connection after a statement error (pg-pool's own ends it, so a
 * burst of duplicate creates reconnected once per 409 and starved the pool), and still ends it when
 * the session itself is gone.
 */
const url = process.env.DATABASE_URL!;
let pool: pg.Pool;
const table = `pool_test_${process.pid}`;

beforeAll(async () => {
  pool = createPool({ connectionString: url, max: 1 });
  // An idle connection the server ends is reported on the pool (the app's pools listen: Prisma's adapter, client.ts).
  pool.on("error", () => {});
  await pool.query(`CREATE TABLE ${table} (id int PRIMARY KEY)`);
  await pool.query(`INSERT INTO ${table} VALUES (1)`);
});
afterAll(async () => {
  await pool.query(`DROP TABLE IF EXISTS ${table}`);
  await pool.end();
});

const backendPid = async () => (await pool.query<{ pid: number }>("SELECT pg_backend_pid() AS pid")).rows[0]!.pid;

describe("createPool", () => {
  it("a unique violation, a bad value and a syntax error keep the connection: same backend after each", async () => {
    const pid = await backendPid();
    await expect(pool.query(`INSERT INTO ${table} VALUES ($1)`, [1])).rejects.toMatchObject({ code: "23505" });
    expect(await backendPid()).toBe(pid);
    await expect(pool.query({ name: "pool_test_bad_int", text: "SELECT $1::int AS n", values: ["x"] })).rejects.toMatchObject({ code: "22P02" });
    expect(await backendPid()).toBe(pid);
    // A named statement prepared on the kept connection still works after the failure.
    expect((await pool.query({ name: "pool_test_bad_int", text: "SELECT $1::int AS n", values: ["7"] })).rows).toEqual([{ n: 7 }]);
    await expect(pool.query("SELEC 1")).rejects.toMatchObject({ code: "42601" });
    expect(await backendPid()).toBe(pid);
    expect(pool.totalCount).toBe(1);
  });

  it("the stock pg pool ends the connection on the same error (why createPool exists)", async () => {
    const stock = new pg.Pool({ connectionString: url, max: 1 });
    try {
      const pid = (await stock.query<{ pid: number }>("SELECT pg_backend_pid() AS pid")).rows[0]!.pid;
      await expect(stock.query(`INSERT INTO ${table} VALUES (1)`)).rejects.toMatchObject({ code: "23505" });
      expect((await stock.query<{ pid: number }>("SELECT pg_backend_pid() AS pid")).rows[0]!.pid).not.toBe(pid);
    } finally {
      await stock.end();
    }
  });

  it("a connection the server ended is not given back: the next query gets a new one", async () => {
    const pid = await backendPid();
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      // The kept connection is killed while idle in the pool, then while checked out by a query.
      await admin.query("SELECT pg_terminate_backend($1)", [pid]);
      const next = await retryOnce(backendPid);
      expect(next).not.toBe(pid);
      // Its rejection is caught at once: it may arrive before the terminating call's own answer.
      const killed = pool.query("SELECT pg_sleep(5)").then(() => undefined, (error: unknown) => error);
      await waitFor(async () => (await admin.query("SELECT 1 FROM pg_stat_activity WHERE pid = $1 AND query LIKE 'SELECT pg_sleep%'", [next])).rowCount === 1);
      await admin.query("SELECT pg_terminate_backend($1)", [next]);
      const error = await killed;
      // The server's FATAL 57P01, or the closed socket when that arrives first.
      expect(error).toBeInstanceOf(Error);
      expect(isStatementError(error)).toBe(false);
      const after = await backendPid();
      expect(after).not.toBe(next);
      expect(pool.totalCount).toBe(1);
    } finally {
      await admin.end();
    }
  });

  it("callbacks keep pg-pool's own path", async () => {
    const rows = await new Promise<unknown[]>((resolve, reject) => pool.query("SELECT 1 AS one", (error, result) => (error ? reject(error) : resolve(result.rows))));
    expect(rows).toEqual([{ one: 1 }]);
  });
});

describe("isStatementError", () => {
  it("ERROR with a SQLSTATE is a statement error; FATAL, socket errors and others are not", () => {
    expect(isStatementError({ code: "23505", severity: "ERROR" })).toBe(true);
    expect(isStatementError({ code: "57P01", severity: "FATAL" })).toBe(false);
    expect(isStatementError(Object.assign(new Error("read ECONNRESET"), { code: "ECONNRESET" }))).toBe(false);
    expect(isStatementError(new Error("Connection terminated unexpectedly"))).toBe(false);
    expect(isStatementError(null)).toBe(false);
  });
});

// The first query on a connection killed while idle may see the kill before the pool does.
async function retryOnce<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch {
    return fn();
  }
}

async function waitFor(check: () => Promise<boolean>, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
