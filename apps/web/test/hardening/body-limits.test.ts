import http from "node:http";
import { getPrisma } from "@hireflow/db";
import { describe, expect, it } from "vitest";
import { useApiApp } from "../helpers/api-app.ts";

const app = useApiApp();

interface StreamResult {
  status: number;
  body: string;
  requestId: string | null;
  /** Bytes the client had written when the response head arrived. */
  sentAtResponse: number;
  /** Whether the client had finished its body when the response arrived. */
  finishedAtResponse: boolean;
}

/**
 * Streams up to `total` bytes as a chunked body (no content-length) in slow chunks and stops as
 * soon as the server answers, the way a client that respects an early 413 behaves. With `holdAt`,
 * the client stops writing once it has sent that many bytes and waits for the answer without ending
 * the body: a server that needs more of the body than that never answers, and the test times out.
 * (What the client had pushed when the answer arrived measures the machine's load as much as the
 * server: at load 12, 4.4 MB went into the socket between the server's decision and its 413.)
 */
function streamBody(
  total: number,
  chunkSize: number,
  delayMs: number,
  headers: Record<string, string> = {},
  path = "/api/v1/candidates",
  holdAt = Infinity,
): Promise<StreamResult> {
  const url = new URL(`${app.url}${path}`);
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    let finished = false;
    const req = http.request({
      host: url.hostname,
      port: url.port,
      path: url.pathname,
      method: "POST",
      headers: { authorization: `Bearer ${app.acme.apiKey}`, "content-type": "application/json", "transfer-encoding": "chunked", ...headers },
    });
    req.on("error", (error) => {
      if (!answered) reject(error);
    });
    req.on("response", (res) => {
      answered = true;
      const sentAtResponse = sent;
      const finishedAtResponse = finished;
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        req.destroy();
        resolve({
          status: res.statusCode ?? 0,
          body: Buffer.concat(chunks).toString("utf8"),
          requestId: (res.headers["request-id"] as string | undefined) ?? null,
          sentAtResponse,
          finishedAtResponse,
        });
      });
    });
    // A valid JSON prefix, then a string that never ends: only the size can stop it.
    req.write('{"job_id":1,"notes":"');
    sent = 20;
    const chunk = Buffer.alloc(chunkSize, "a");
    const pump = () => {
      if (answered || req.destroyed) return;
      if (sent >= holdAt) {
        // Seconds at most even at load; without an answer the server is waiting for the rest.
        const timer = setTimeout(() => {
          if (answered) return;
          req.destroy();
          reject(new Error(`no answer 30 s after the client stopped at ${sent} bytes: the server waits for more of the body`));
        }, 30_000);
        req.once("response", () => clearTimeout(timer));
        return;
      }
      if (sent >= total) {
        finished = true;
        req.end('"}');
        return;
      }
      req.write(chunk);
      sent += chunk.length;
      setTimeout(pump, delayMs);
    };
    pump();
  });
}

describe("JSON body limit (1 MB) while streaming", () => {
  it("refuses a declared content-length over 1 MB with 413 before reading it", async () => {
    const res = await fetch(`${app.url}/api/v1/candidates`, {
      method: "POST",
      headers: { authorization: `Bearer ${app.acme.apiKey}`, "content-type": "application/json" },
      body: JSON.stringify({ job_id: app.acme.jobId, name: "Big", notes: "x".repeat(1024 * 1024) }),
    });
    expect(res.status).toBe(413);
    expect(res.headers.get("request-id")).toMatch(/^req_/);
    expect(await res.json()).toEqual({ error: { code: "payload_too_large", message: "The request body must not exceed 1024 KB" } });
  });

  it("accepts a body just under the limit (the limit is on bytes, not on the JSON)", async () => {
    const note = "x".repeat(1000);
    const padding = " ".repeat(1024 * 1024 - 200 - note.length);
    const body = `{"job_id":${app.acme.jobId},"name":"Under","notes":"${note}"${padding}}`;
    expect(Buffer.byteLength(body)).toBeLessThan(1024 * 1024);
    const res = await fetch(`${app.url}/api/v1/candidates`, { method: "POST", headers: { authorization: `Bearer ${app.acme.apiKey}`, "content-type": "application/json" }, body });
    expect(res.status).toBe(201);
  });

  // The server runs in another process (this file runs against the build): that it keeps none of the
  // body shows as an answer to a client that stops after 1.5 MB (below) and as a 413 to a 200 MB one.
  it("answers a slow 50 MB chunked body without content-length with 413 while the client is still sending", async () => {
    const before = await getPrisma().candidate.count({ where: { companyId: app.acme.id } });
    const result = await streamBody(50 * 1024 * 1024, 64 * 1024, 2);
    expect(result.status).toBe(413);
    expect(JSON.parse(result.body)).toMatchObject({ error: { code: "payload_too_large" } });
    expect(result.requestId).toMatch(/^req_/);
    // The answer came while the client was still sending, past the limit.
    expect(result.finishedAtResponse).toBe(false);
    expect(result.sentAtResponse).toBeGreaterThan(1024 * 1024);
    expect(await getPrisma().candidate.count({ where: { companyId: app.acme.id } })).toBe(before);
  });

  it("answers 413 from the first 1.5 MB of a 50 MB body: the client sends no more and still gets the answer", async () => {
    const before = await getPrisma().candidate.count({ where: { companyId: app.acme.id } });
    const result = await streamBody(50 * 1024 * 1024, 64 * 1024, 2, {}, "/api/v1/candidates", 1536 * 1024);
    expect(result.status).toBe(413);
    expect(JSON.parse(result.body)).toMatchObject({ error: { code: "payload_too_large" } });
    expect(result.finishedAtResponse).toBe(false);
    expect(await getPrisma().candidate.count({ where: { companyId: app.acme.id } })).toBe(before);
  });

  // 200 MB on offer: the server must answer after about 1 MB plus its brief drain. With 30 MB a loaded CI
  // machine once let the client push all of it before the 413 arrived.
  it("a client streaming as fast as it can (200 MB, no content-length) also reads the 413, not a reset", async () => {
    for (let i = 0; i < 3; i++) {
      let sent = 0;
      const chunk = new Uint8Array(256 * 1024).fill(0x61);
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent === 0) controller.enqueue(new TextEncoder().encode('{"name":"'));
          if (sent >= 200 * 1024 * 1024) return controller.close();
          sent += chunk.length;
          controller.enqueue(chunk);
        },
      });
      const res = await fetch(`${app.url}/api/v1/candidates`, { method: "POST", headers: app.acme.headers, body, duplex: "half" } as RequestInit);
      expect(res.status).toBe(413);
      expect((await res.json()).error.code).toBe("payload_too_large");
      expect(sent).toBeLessThan(200 * 1024 * 1024);
    }
  });

  it("/api/mcp (the MCP server) refuses a slow 50 MB chunked body with 413 after about 1 MB too", async () => {
    const mcpHeaders = { accept: "application/json, text/event-stream" };
    // The client holds after 1.5 MB: the 413 must come from what the server has, not the rest of the 50 MB.
    const result = await streamBody(50 * 1024 * 1024, 64 * 1024, 2, mcpHeaders, "/api/mcp", 1536 * 1024);
    expect(result.status).toBe(413);
    expect(JSON.parse(result.body)).toMatchObject({ jsonrpc: "2.0", id: null, error: { data: { code: "payload_too_large", message: "The request body must not exceed 1024 KB" } } });
    expect(result.requestId).toMatch(/^req_/);
    expect(result.finishedAtResponse).toBe(false);
  });

  it("does not read the body of an unauthenticated caller at all: 401 while it is still sending", async () => {
    // The client holds after 256 KB, a quarter of the limit: the 401 needs none of the body.
    const result = await streamBody(20 * 1024 * 1024, 64 * 1024, 1, { authorization: "Bearer nope" }, "/api/v1/candidates", 256 * 1024);
    expect(result.status).toBe(401);
    expect(result.finishedAtResponse).toBe(false);
  });
});
