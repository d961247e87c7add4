import http from "node:http";
import { type AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { closeWebhookConnections, postWebhook } from "../../src/webhooks/http.ts";

/**
 * Deliveries to one receiver reuse its connections (one keep-alive agent per origin, http.ts), and a
 * pooled connection the receiver dropped while it sat idle costs no failed attempt: the POST goes once
 * more on a new connection.
 */
async function receiver(handle: (req: http.IncomingMessage, res: http.ServerResponse, n: number) => void) {
  let requests = 0;
  let connections = 0;
  const server = http.createServer((req, res) => {
    req.resume();
    req.on("end", () => handle(req, res, ++requests));
  });
  server.on("connection", () => connections++);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    counts: () => ({ requests, connections }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const post = (url: string) => postWebhook(url, { "content-type": "application/json" }, '{"event":"webhook.test"}', 5_000);

afterEach(() => closeWebhookConnections());

describe("webhook connections", () => {
  it("three deliveries in a row to one receiver share one connection", async () => {
    const r = await receiver((_req, res) => res.writeHead(200).end("ok"));
    try {
      for (let i = 0; i < 3; i++) expect(await post(r.url)).toMatchObject({ statusCode: 200, error: null, excerpt: "ok" });
      expect(r.counts()).toEqual({ requests: 3, connections: 1 });
    } finally {
      await r.close();
    }
  });

  it("a pooled connection the receiver drops unanswered is no failed attempt: the POST goes again on a new one", async () => {
    // The second request arrives on the pooled connection and the receiver drops it without an answer,
    // as a receiver whose keep-alive timeout ends at that moment does.
    const r = await receiver((req, res, n) => (n === 2 ? req.socket.destroy() : res.writeHead(200).end("ok")));
    try {
      expect(await post(r.url)).toMatchObject({ statusCode: 200 });
      expect(await post(r.url)).toMatchObject({ statusCode: 200, error: null });
      expect(r.counts()).toEqual({ requests: 3, connections: 2 });
    } finally {
      await r.close();
    }
  });

  it("a new connection dropped unanswered is a failed attempt, sent once", async () => {
    const r = await receiver((req) => req.socket.destroy());
    try {
      const outcome = await post(r.url);
      expect(outcome.statusCode).toBeNull();
      expect(outcome.error).toMatch(/ECONNRESET|socket hang up/);
      expect(r.counts()).toEqual({ requests: 1, connections: 1 });
    } finally {
      await r.close();
    }
  });
});
