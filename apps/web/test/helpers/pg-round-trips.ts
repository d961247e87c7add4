import net from "node:net";
import { type AddressInfo } from "node:net";

/**
 * A TCP proxy in front of PostgreSQL that counts round trips on the wire: every Sync (the end of an
 * extended-protocol query: Parse/Bind/Execute…) and every simple Query ("BEGIN", "COMMIT") the
 * clients send is one request the server answers before the client can go on. It sees what the
 * server process really sends, whatever library (Prisma, pg) sent it.
 */
export interface RoundTripCounter {
  /** DATABASE_URL through the proxy (same database, user and options). */
  url: string;
  count(): number;
  /** Round trips since the last reset, by kind: "S" (extended query) and "Q" (simple query, with its text). */
  log(): string[];
  reset(): void;
  close(): Promise<void>;
}

const SSL_REQUEST = 80877103;
const GSSENC_REQUEST = 80877104;
// The application_name a cache's LISTEN connection starts with (packages/db notifications.ts). It answers
// every other process's waitForListeners sync with a query of its own, at any moment: those round trips
// are not a request's, and counting them made a test of B's round trips see one more when another test
// file revoked a key in the shared database.
const LISTENER_NAME = "hireflow-listen";

/** A parameter of a StartupMessage's body (name\0value\0 … \0). */
function startupParameter(body: Buffer, name: string): string | undefined {
  const fields = body.toString("utf8").split("\0");
  for (let i = 0; i + 1 < fields.length; i += 2) if (fields[i] === name) return fields[i + 1];
  return undefined;
}

export async function startRoundTripCounter(databaseUrl: string): Promise<RoundTripCounter> {
  const target = new URL(databaseUrl);
  let log: string[] = [];
  const sockets = new Set<net.Socket>();

  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    sockets.add(client).add(upstream);
    const forget = () => {
      sockets.delete(client);
      sockets.delete(upstream);
      client.destroy();
      upstream.destroy();
    };
    client.on("error", forget).on("close", forget);
    upstream.on("error", forget).on("close", forget);
    upstream.pipe(client);

    // Frontend messages: untyped ones (SSL/GSS requests, then the startup message) and then
    // typed ones: one byte of type, an Int32 length that counts itself.
    let pending = Buffer.alloc(0);
    let startup = true;
    let listener = false;
    client.on("data", (chunk: Buffer) => {
      upstream.write(chunk);
      pending = Buffer.concat([pending, chunk]);
      for (;;) {
        if (startup) {
          if (pending.length < 8) break;
          const length = pending.readInt32BE(0);
          if (pending.length < length) break;
          const code = pending.readInt32BE(4);
          if (code !== SSL_REQUEST && code !== GSSENC_REQUEST) {
            startup = false;
            listener = startupParameter(pending.subarray(8, length), "application_name")?.startsWith(LISTENER_NAME) ?? false;
          }
          pending = pending.subarray(length);
          continue;
        }
        if (pending.length < 5) break;
        const type = String.fromCharCode(pending[0]!);
        const length = pending.readInt32BE(1);
        if (pending.length < 1 + length) break;
        if (listener) {
          // Not the requests': a cache's listener answering another process's sync (set_config, an "S").
        } else if (type === "S") log.push("S");
        else if (type === "Q") log.push(`Q ${pending.subarray(5, length).toString("utf8").replace(/\0$/, "")}`);
        pending = pending.subarray(1 + length);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const url = new URL(databaseUrl);
  url.hostname = "127.0.0.1";
  url.port = String(port);

  return {
    url: url.toString(),
    count: () => log.length,
    log: () => [...log],
    reset: () => {
      log = [];
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
