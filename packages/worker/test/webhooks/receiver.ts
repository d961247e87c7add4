import http from "node:http";
import { type AddressInfo } from "node:net";

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  /** The raw body, as signed. */
  body: string;
  json: Record<string, unknown>;
  at: number;
}

export interface Reply {
  status: number;
  headers?: Record<string, string>;
  body?: string;
  /** Answer only after this long (to outlast the delivery timeout). */
  delayMs?: number;
}

/** A real HTTP receiver on 127.0.0.1: records every request and answers per path (200 "ok" by default). */
export async function startReceiver() {
  const received: ReceivedRequest[] = [];
  const plans = new Map<string, (n: number) => Reply>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const path = req.url ?? "/";
      let json: Record<string, unknown> = {};
      try {
        json = JSON.parse(body) as Record<string, unknown>;
      } catch {
        // recorded as is
      }
      received.push({ method: req.method ?? "", path, headers: req.headers, body, json, at: Date.now() });
      const n = received.filter((r) => r.path === path).length;
      const reply = plans.get(path)?.(n) ?? { status: 200 };
      setTimeout(() => {
        if (res.destroyed) return;
        res.writeHead(reply.status, reply.headers);
        res.end(reply.body ?? "ok");
      }, reply.delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  let counter = 0;
  return {
    /** A fresh path on this receiver, answered by `plan` (the n-th request to it, from 1). */
    route(plan?: (n: number) => Reply): { url: string; requests: () => ReceivedRequest[] } {
      const path = `/hook-${++counter}`;
      if (plan) plans.set(path, plan);
      return { url: `http://127.0.0.1:${port}${path}`, requests: () => received.filter((r) => r.path === path) };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type Receiver = Awaited<ReturnType<typeof startReceiver>>;

type Truthy<T> = Exclude<T, false | null | undefined | 0 | "">;

/** Polls until `check` returns something truthy (no fixed sleeps), failing after `timeoutMs`. */
export async function eventually<T>(check: () => T | Promise<T>, timeoutMs = 5_000): Promise<Truthy<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value as Truthy<T>;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
