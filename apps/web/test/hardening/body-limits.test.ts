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
  /** Largest growth of this process's memory (the server runs in it) while the body streamed. */
  peakGrowth: number;
}

/**
 * Streams up to `total` bytes as a chunked body (no content-length) in slow chunks and stops as
 * soon as the server answers, the way a client that respects an early 413 behaves.
 */
function streamBody(total: number, chunkSize: number, delayMs: number, headers: Record<string, string> = {}, path = "/api/v1/candidates"): Promise<StreamResult> {
  const url = new URL(`${app.url}${path}`);
  const start = process.memoryUsage();
  const baseline = start.rss;
  let peakGrowth = 0;
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
          peakGrowth,
        });
      });
    });
    // A valid JSON prefix, then a string that never ends: only the size can stop it.
    req.write('{"job_id":1,"notes":"');
    sent = 20;
    const chunk = Buffer.alloc(chunkSize, "a");
    const pump = () => {
      if (answered || req.destroyed) return;
      peakGrowth = Math.max(peakGrowth, process.memoryUsage().rss - baseline);
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

  it("answers a slow 50 MB chunked body without content-length with 413 after about 1 MB, without buffering it", async () => {
    const before = await getPrisma().candidate.count({ where: { companyId: app.acme.id } });
    const result = await streamBody(50 * 1024 * 1024, 64 * 1024, 2);
    expect(result.status).toBe(413);
    expect(JSON.parse(result.body)).toMatchObject({ error: { code: "payload_too_large" } });
    expect(result.requestId).toMatch(/^req_/);
    // The answer came while the client was still sending, a little past the limit.
    expect(result.finishedAtResponse).toBe(false);
    expect(result.sentAtResponse).toBeLessThan(4 * 1024 * 1024);
    expect(result.sentAtResponse).toBeGreaterThan(1024 * 1024);
    // Not buffered: the process grew by far less than the 50 MB offered.
    expect(result.peakGrowth).toBeLessThan(32 * 1024 * 1024);
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
    const result = await streamBody(50 * 1024 * 1024, 64 * 1024, 2, mcpHeaders, "/api/mcp");
    expect(result.status).toBe(413);
    expect(JSON.parse(result.body)).toMatchObject({ jsonrpc: "2.0", id: null, error: { data: { code: "payload_too_large", message: "The request body must not exceed 1024 KB" } } });
    expect(result.requestId).toMatch(/^req_/);
    expect(result.finishedAtResponse).toBe(false);
    expect(result.sentAtResponse).toBeLessThan(4 * 1024 * 1024);
    expect(result.peakGrowth).toBeLessThan(32 * 1024 * 1024);
  });

  it("does not read the body of an unauthenticated caller at all: 401 while it is still sending", async () => {
    const result = await streamBody(20 * 1024 * 1024, 64 * 1024, 1, { authorization: "Bearer nope" });
    expect(result.status).toBe(401);
    expect(result.finishedAtResponse).toBe(false);
    expect(result.sentAtResponse).toBeLessThan(4 * 1024 * 1024);
  });
});
