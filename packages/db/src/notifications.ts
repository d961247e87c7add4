import pg from "pg";

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
 */
export function listenForNotifications(databaseUrl: string, channel: string, options: ListenOptions): NotificationListener {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`Not a plain channel name: ${channel}`);
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
      if (message.channel === channel) options.onMessage(message.payload ?? "");
    });
    try {
      await current.connect();
      await current.query(`LISTEN ${channel}`);
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
