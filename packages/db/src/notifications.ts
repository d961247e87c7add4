import pg from "pg";

const SYNC_PAYLOAD = /^sync:(\d{1,20})$/;
/** The application_name of a session that LISTENs on `channel`, as pg_stat_activity shows it. */
const listenerName = (channel: string) => `hireflow-listen:${channel}`;
const nameSession = (client: pg.Client, name: string) => client.query("SELECT set_config('application_name', $1, false)", [name]);

function assertPlainChannel(channel: string): void {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`Not a plain channel name: ${channel}`);
}

export interface NotificationListener {
  /** True while LISTEN is in effect: every NOTIFY on the channel committed from now on reaches `onMessage`. */
  readonly listening: boolean;
  stop(): Promise<void>;
}

export interface ListenOptions {
  onMessage(payload: string): void;
  /** Called when the connection is lost (messages may have been missed) and when LISTEN holds again. */
  onStateChange?(listening: boolean): void;
  /** First reconnect delay; doubles up to 5 s. */
  retryMs?: number;
}

/**
 * LISTEN on one channel over a dedicated connection (not the pool: a pooled connection is handed
 * to other queries and would miss notifications), reconnecting with backoff. Callers must treat
 * "not listening" as "may have missed messages".
 *
 * A sender can wait until every listener has handled what it sent (waitForListeners): a listener
 * answers each `sync:<token>` message, after handling everything queued before it, by putting the
 * token in its connection's application_name, which every session can read in pg_stat_activity.
 */
export function listenForNotifications(databaseUrl: string, channel: string, options: ListenOptions): NotificationListener {
  assertPlainChannel(channel);
  let client: pg.Client | null = null;
  let listening = false;
  let stopped = false;
  let retryMs = options.retryMs ?? 250;
  let timer: NodeJS.Timeout | undefined;

  const setListening = (value: boolean) => {
    if (listening === value) return;
    listening = value;
    options.onStateChange?.(value);
  };

  const connect = async () => {
    if (stopped) return;
    const current = new pg.Client({ connectionString: databaseUrl, keepAlive: true, application_name: "hireflow-listen" });
    client = current;
    const lost = () => {
      if (client !== current) return;
      client = null;
      setListening(false);
      current.removeAllListeners("notification");
      void current.end().catch(() => {});
      if (!stopped) {
        timer = setTimeout(() => void connect(), retryMs);
        timer.unref();
        retryMs = Math.min(retryMs * 2, 5_000);
      }
    };
    current.on("error", lost);
    current.on("end", lost);
    current.on("notification", (message) => {
      if (message.channel !== channel) return;
      const payload = message.payload ?? "";
      const sync = SYNC_PAYLOAD.exec(payload);
      // PostgreSQL delivers a channel's notifications in commit order, and onMessage has handled every
      // earlier one by now (it is synchronous): the acknowledgement covers them all.
      if (sync) void nameSession(current, `${listenerName(channel)}:${sync[1]}`).catch(() => {});
      else options.onMessage(payload);
    });
    try {
      await current.connect();
      await current.query(`LISTEN ${channel}`);
      // Named only once LISTEN holds: waitForListeners waits for the sessions named so, and each of
      // them is sure to receive its sync message.
      await nameSession(current, listenerName(channel));
      if (client !== current) return;
      // The connection must not keep a process alive on its own.
      (current as unknown as { connection?: { stream?: { unref?(): void } } }).connection?.stream?.unref?.();
      retryMs = options.retryMs ?? 250;
      setListening(true);
    } catch {
      lost();
    }
  };
  void connect();

  return {
    get listening() {
      return listening;
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      const current = client;
      client = null;
      // Stopping on purpose is not a lost connection: no state change to report.
      listening = false;
      if (current) await current.end().catch(() => {});
    },
  };
}

/** What waitForListeners needs of a database client (a PrismaClient, scoped or not). */
export interface RawQueryClient {
  $queryRawUnsafe<T = unknown>(query: string, ...values: unknown[]): Promise<T>;
}

/**
 * Sends a sync message on `channel` and waits until every session LISTENing on it (through
 * listenForNotifications, in any process) has acknowledged it, so it has handled every notification
 * committed before this call. True when all did; false after `timeoutMs` (a listener stalled): the
 * caller decides what that means. A session that ends meanwhile counts as done.
 */
export async function waitForListeners(db: RawQueryClient, channel: string, timeoutMs = 2_000): Promise<boolean> {
  assertPlainChannel(channel);
  const name = listenerName(channel);
  // One statement: the listeners named at this point were LISTENing before this NOTIFY commits,
  // so each receives it. The token is a microsecond clock, so a later sync's token is larger: a
  // listener that answered a later sync has passed this one too.
  const [sync] = await db.$queryRawUnsafe<Array<{ token: string; pids: number[] }>>(
    `WITH sync AS (SELECT (extract(epoch FROM clock_timestamp()) * 1000000)::bigint::text AS token)
     SELECT token, pg_notify($1, 'sync:' || token)::text AS sent,
       ARRAY(SELECT pid FROM pg_stat_activity
             WHERE datname = current_database() AND (application_name = $2 OR application_name LIKE $2 || ':%')) AS pids
     FROM sync`,
    channel,
    name,
  );
  if (!sync?.pids.length) return true;
  const deadline = Date.now() + timeoutMs;
  for (let wait = 2; ; wait = Math.min(wait * 2, 50)) {
    await new Promise((resolve) => setTimeout(resolve, wait));
    const [row] = await db.$queryRawUnsafe<Array<{ behind: number }>>(
      `SELECT count(*)::int AS behind FROM pg_stat_activity
       WHERE pid = ANY($1::int[]) AND coalesce(substring(application_name FROM '^' || $2 || ':(\\d+)$')::numeric, 0) < $3::numeric`,
      sync.pids,
      name,
      sync.token,
    );
    if (!row?.behind) return true;
    if (Date.now() > deadline) return false;
  }
}
