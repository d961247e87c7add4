import http from "node:http";
import { type AddressInfo } from "node:net";

export interface Received {
  id: string;
  body: string;
  at: number;
}

/**
 * A webhook receiver that can go down and come back on the same port. `answer` decides each
 * reply: a status, and optionally a delay (to keep a delivery in flight).
 */
export function createReceiver(answer: (request: Received, n: number) => { status: number; delayMs?: number } = () => ({ status: 200 })) {
  const received: Received[] = [];
  let server: http.Server | undefined;
  let port = 0;

  const handler: http.RequestListener = (req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const request = { id: String(req.headers["webhook-id"] ?? ""), body: Buffer.concat(chunks).toString("utf8"), at: Date.now() };
      received.push(request);
      const reply = answer(request, received.length);
      setTimeout(() => {
        if (res.destroyed) return;
        res.writeHead(reply.status);
        res.end("ok");
      }, reply.delayMs ?? 0);
    });
  };

  return {
    received,
    url: (path = "/hook") => `http://127.0.0.1:${port}${path}`,
    async up(): Promise<void> {
      server = http.createServer(handler);
      await new Promise<void>((resolve) => server!.listen(port, "127.0.0.1", resolve));
      port = (server.address() as AddressInfo).port;
    },
    async down(): Promise<void> {
      const current = server;
      server = undefined;
      if (!current) return;
      current.closeAllConnections();
      await new Promise<void>((resolve) => current.close(() => resolve()));
    },
  };
}
