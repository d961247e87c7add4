import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import {
  defineJob,
  getJobDriver,
  getLocalRunner,
  inngestServeOrigin,
  jobDriverKind,
  registerJobs,
  shutdownLocalRunner,
} from "../../src/runtime/index.ts";

afterEach(async () => {
  vi.unstubAllEnvs();
  vi.resetModules();
  await shutdownLocalRunner();
  registerJobs([]);
});

describe("jobDriverKind", () => {
  it("picks Inngest only when it is configured", () => {
    expect(jobDriverKind({})).toBe("local");
    expect(jobDriverKind({ INNGEST_EVENT_KEY: "" })).toBe("local");
    expect(jobDriverKind({ INNGEST_DEV: "0" })).toBe("local");
    expect(jobDriverKind({ INNGEST_DEV: "false" })).toBe("local");
    expect(jobDriverKind({ INNGEST_EVENT_KEY: "key" })).toBe("inngest");
    expect(jobDriverKind({ INNGEST_DEV: "1" })).toBe("inngest");
    expect(jobDriverKind({ INNGEST_DEV: "http://localhost:8288" })).toBe("inngest");
  });
});

describe("the local driver", () => {
  it("runs the registered jobs in one process-wide runner", async () => {
    vi.stubEnv("INNGEST_EVENT_KEY", "");
    vi.stubEnv("INNGEST_DEV", "");
    const seen: string[] = [];
    const job = defineJob({
      id: "driver-local",
      event: "test/driver-local",
      retries: 0,
      schema: z.object({ id: z.string() }),
      handler: async ({ event }) => void seen.push(event.data.id),
    });
    registerJobs([job]);

    const driver = getJobDriver();
    expect(driver.kind).toBe("local");
    await driver.send([{ name: "test/driver-local", data: { id: "a" }, id: "evt-a" }]);
    await getJobDriver().send([{ name: "test/driver-local", data: { id: "a" }, id: "evt-a" }]); // same id: dropped
    await getJobDriver().send([{ name: "test/driver-local", data: { id: "b" } }]);
    expect(getLocalRunner()).toBe(getLocalRunner());
    await getLocalRunner().idle();
    expect(seen.sort()).toEqual(["a", "b"]);
  });

  it("applies a new registration to the running runner (hot reload)", async () => {
    const calls: string[] = [];
    const v1 = defineJob({ id: "reload", event: "test/reload", retries: 0, schema: z.object({}), handler: async () => void calls.push("v1") });
    const v2 = defineJob({ id: "reload", event: "test/reload", retries: 0, schema: z.object({}), handler: async () => void calls.push("v2") });
    registerJobs([v1]);
    const runner = getLocalRunner();
    registerJobs([v2]);
    await getJobDriver().send([{ name: "test/reload", data: {} }]);
    await runner.idle();
    expect(getLocalRunner()).toBe(runner);
    expect(calls).toEqual(["v2"]);
    expect(() => registerJobs([v1, v2])).toThrow(/Duplicate job id/);
  });

  it("survives module reloads through globalThis", async () => {
    const runner = getLocalRunner();
    vi.resetModules();
    const reloaded = await import("../../src/runtime/index.ts");
    expect(reloaded.getLocalRunner()).toBe(runner);
  });

  it("starts a fresh runner after shutdown", async () => {
    const runner = getLocalRunner();
    await shutdownLocalRunner();
    expect(runner.isStopped).toBe(true);
    expect(getLocalRunner()).not.toBe(runner);
  });
});

describe("the Inngest driver", () => {
  it("sends the events, ids included, to Inngest's event API", async () => {
    const received: Array<{ url: string; body: unknown }> = [];
    const server = http.createServer((req, res) => {
      let body = "";
      req.on("data", (chunk) => (body += chunk));
      req.on("end", () => {
        received.push({ url: req.url ?? "", body: JSON.parse(body) });
        res.setHeader("content-type", "application/json");
        res.end(JSON.stringify({ ids: ["x"], status: 200 }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      // The SDK reads its configuration when the client is created, so load the module afresh.
      vi.stubEnv("INNGEST_EVENT_KEY", "test-event-key");
      vi.stubEnv("INNGEST_BASE_URL", `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
      vi.resetModules();
      const runtime = await import("../../src/runtime/index.ts");
      const driver = runtime.getJobDriver();
      expect(driver.kind).toBe("inngest");
      await driver.send([
        { name: "candidate/resume.uploaded", data: { candidateId: "c1" }, id: "outbox-42" },
        { name: "webhook/test", data: {} },
      ]);
      await driver.send([]); // nothing to send: no request
      expect(received).toHaveLength(1);
      expect(received[0]!.url).toBe("/e/test-event-key");
      expect(received[0]!.body).toEqual([
        expect.objectContaining({ name: "candidate/resume.uploaded", data: { candidateId: "c1" }, id: "outbox-42" }),
        expect.objectContaining({ name: "webhook/test", data: {} }),
      ]);
    } finally {
      server.close();
    }
  });
});

describe("createInngestHandlers", () => {
  it("serves the definitions for Next's route handlers", async () => {
    vi.stubEnv("INNGEST_DEV", "1");
    vi.resetModules();
    const runtime = await import("../../src/runtime/index.ts");
    const job = runtime.defineJob({
      id: "served",
      event: "test/served",
      retries: 1,
      schema: z.object({}),
      handler: async () => "ok",
      onFailure: async () => {},
    });
    const plain = runtime.defineJob({ id: "plain", event: "test/plain", retries: 0, schema: z.object({}), handler: async () => {} });
    const { GET, POST, PUT } = runtime.createInngestHandlers([job, plain]);
    expect(typeof POST).toBe("function");
    expect(typeof PUT).toBe("function");

    const res = await GET(new Request("http://localhost:3000/api/inngest") as never, undefined);
    expect(res.status).toBe(200);
    // The onFailure hook is served as a function of its own.
    expect(await res.json()).toMatchObject({ mode: "dev", function_count: 3 });
    expect(() => runtime.createInngestHandlers([plain, plain])).toThrow(/Duplicate job id/);
  });
});

describe("the origin Inngest is told to call back", () => {
  it("comes from configuration, never from the request's Host header", async () => {
    expect(inngestServeOrigin({})).toBeUndefined();
    expect(inngestServeOrigin({ APP_BASE_URL: "https://hire.example.com" })).toBe("https://hire.example.com");
    expect(inngestServeOrigin({ APP_BASE_URL: "https://hire.example.com", VERCEL_URL: "hireflow-abc123.vercel.app" })).toBe("https://hireflow-abc123.vercel.app");
    // The SDK reads INNGEST_SERVE_ORIGIN itself.
    expect(inngestServeOrigin({ INNGEST_SERVE_ORIGIN: "https://x.example", VERCEL_URL: "y.vercel.app" })).toBeUndefined();

    // A sync request (PUT) with a forged Host: the app registers its configured URL with the Dev Server.
    const registered: { url?: string }[] = [];
    const devServer = http.createServer((req, res) => {
      let body = "";
      req.on("data", (chunk) => (body += chunk));
      req.on("end", () => {
        if (req.url?.startsWith("/fn/register")) registered.push(JSON.parse(body));
        res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ ok: true, modified: true }));
      });
    });
    await new Promise<void>((resolve) => devServer.listen(0, "127.0.0.1", resolve));
    try {
      vi.stubEnv("INNGEST_DEV", `http://127.0.0.1:${(devServer.address() as AddressInfo).port}`);
      vi.stubEnv("APP_BASE_URL", "https://hire.example.com");
      vi.stubEnv("VERCEL_URL", "");
      vi.stubEnv("INNGEST_SERVE_ORIGIN", "");
      vi.resetModules();
      const runtime = await import("../../src/runtime/index.ts");
      const job = runtime.defineJob({ id: "synced", event: "test/synced", retries: 0, schema: z.object({}), handler: async () => {} });
      const { PUT } = runtime.createInngestHandlers([job]);
      const res = await PUT(new Request("http://attacker.example/api/inngest", { method: "PUT", headers: { host: "attacker.example" } }) as never, undefined);
      expect(res.status).toBeLessThan(300);
      expect(registered).toHaveLength(1);
      expect(new URL(registered[0]!.url!).origin).toBe("https://hire.example.com");
      expect(registered[0]!.url).not.toContain("attacker");
    } finally {
      devServer.close();
    }
  });
});
