import pg from "pg";

/**
 * A pg pool whose `query()` keeps the connection when a statement fails. pg-pool's own `query()`
 * ends the connection after any error, a unique violation or a bad value included, so every 409 of
 * a duplicate candidate, and every 400 of a value PostgreSQL refuses, cost a new connection (a new
 * backend process, TLS and auth on a remote database). Under 200 concurrent duplicate creates those
 * reconnects starved the pool into 503s (test:reliability, concurrent-creates). Prisma's adapter
 * calls the same `query()` outside transactions, so it gains too.
 *
 * An error of the statement (severity ERROR: the server answered and is ready for the next one)
 * gives the connection back; anything else (a broken socket, FATAL, a protocol error) ends it, as
 * pg-pool does.
 */
export function createPool(config: pg.PoolConfig): pg.Pool {
  const pool = new pg.Pool(config);
  const stockQuery = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  const query = (config: unknown, values?: unknown, callback?: unknown): unknown => {
    // Callbacks and submittables (cursors, streams) keep pg-pool's own path.
    const submittable = typeof (config as { submit?: unknown } | null)?.submit === "function";
    if (typeof values === "function" || typeof callback === "function" || typeof config === "function" || submittable) {
      return stockQuery(config, values, callback);
    }
    return queryKeepingConnection(pool, config as pg.QueryConfig, values as unknown[] | undefined);
  };
  Object.defineProperty(pool, "query", { value: query, writable: true, configurable: true });
  return pool;
}

async function queryKeepingConnection(pool: pg.Pool, config: pg.QueryConfig | string, values: unknown[] | undefined): Promise<pg.QueryResult> {
  const client = await pool.connect();
  // Checked-out clients have no error listener of the pool's; one emitted now must not crash the process.
  let broken: Error | undefined;
  const onError = (error: Error) => (broken = error);
  client.on("error", onError);
  try {
    return await client.query(config as pg.QueryConfig, values);
  } catch (error) {
    if (!isStatementError(error)) broken ??= error instanceof Error ? error : new Error(String(error));
    throw error;
  } finally {
    client.removeListener("error", onError);
    client.release(broken);
  }
}

/** PostgreSQL refused the statement but the session goes on (not FATAL/PANIC, not a socket error). */
export function isStatementError(error: unknown): boolean {
  const e = error as { severity?: unknown; code?: unknown } | null;
  return typeof e?.code === "string" && /^[0-9A-Z]{5}$/.test(e.code) && e.severity === "ERROR";
}
