import { afterEach, describe, expect, it, vi } from "vitest";
import { originFromHeaders, requestOrigin } from "@/lib/server/request-origin";

// OAuth's issuer, token audiences and the consent form's same-origin check use the origin the client
// addressed, not the address the server listens on (req.url under `npm start` says 127.0.0.1) — outside
// production, or on a loopback APP_BASE_URL; in production they use APP_BASE_URL (issue 43 §25).
afterEach(() => {
  vi.unstubAllEnvs();
});

describe("requestOrigin", () => {
  it("is the Host the client sent, not req.url's listening address", () => {
    expect(requestOrigin(new Request("http://127.0.0.1:3000/api/mcp", { headers: { host: "localhost:3000" } }))).toBe("http://localhost:3000");
  });

  it("behind a proxy: X-Forwarded-Host and -Proto (their first value)", () => {
    const headers = new Headers({ host: "internal:8080", "x-forwarded-host": "hireflow.example.com, proxy.internal", "x-forwarded-proto": "https, http" });
    expect(originFromHeaders(headers)).toBe("https://hireflow.example.com");
  });

  it("falls back to the URL, and never a scheme other than http or https", () => {
    expect(requestOrigin(new Request("https://hireflow.example.com/x"))).toBe("https://hireflow.example.com");
    expect(originFromHeaders(new Headers({ host: "a.example", "x-forwarded-proto": "javascript" }))).toBe("http://a.example");
  });

  it("takes the scheme from the URL when a Host header came without X-Forwarded-Proto", () => {
    expect(requestOrigin(new Request("https://127.0.0.1/x", { headers: { host: "hireflow.example.com" } }))).toBe("https://hireflow.example.com");
    expect(requestOrigin(new Request("http://127.0.0.1:3000/x", { headers: { host: "localhost:3000" } }))).toBe("http://localhost:3000");
  });
});

describe("in production (issue 43 §25)", () => {
  const spoofed = new Headers({ host: "evil.example", "x-forwarded-host": "attacker.example", "x-forwarded-proto": "http" });

  it("is APP_BASE_URL's origin, whatever Host and X-Forwarded-* say", () => {
    vi.stubEnv("NODE_ENV", "production");
    vi.stubEnv("HIREFLOW_LOCAL", "");
    vi.stubEnv("APP_BASE_URL", "https://hireflow.example.com/");
    expect(originFromHeaders(spoofed)).toBe("https://hireflow.example.com");
    expect(requestOrigin(new Request("http://127.0.0.1:3000/api/mcp", { headers: spoofed }))).toBe("https://hireflow.example.com");
    vi.stubEnv("APP_BASE_URL", "hireflow.example.org");
    expect(originFromHeaders(spoofed)).toBe("https://hireflow.example.org");
  });

  it("follows the request on a loopback APP_BASE_URL (npm start on a laptop, the test servers), in development and on a local install", () => {
    vi.stubEnv("NODE_ENV", "production");
    vi.stubEnv("HIREFLOW_LOCAL", "");
    for (const local of ["http://localhost:3000", "http://127.0.0.1:3000", "http://[::1]:3000"]) {
      vi.stubEnv("APP_BASE_URL", local);
      expect(requestOrigin(new Request("http://127.0.0.1:4000/x", { headers: { host: "localhost:4000" } })), local).toBe("http://localhost:4000");
    }
    vi.stubEnv("APP_BASE_URL", "https://hireflow.example.com");
    vi.stubEnv("NODE_ENV", "development");
    expect(originFromHeaders(spoofed)).toBe("http://attacker.example");
    vi.stubEnv("NODE_ENV", "production");
    vi.stubEnv("HIREFLOW_LOCAL", "1");
    expect(originFromHeaders(spoofed)).toBe("http://attacker.example");
  });

  it("a Vercel preview without an APP_BASE_URL of its own follows its own address, not production's", () => {
    vi.stubEnv("NODE_ENV", "production");
    vi.stubEnv("HIREFLOW_LOCAL", "");
    vi.stubEnv("APP_BASE_URL", undefined);
    vi.stubEnv("VERCEL_PROJECT_PRODUCTION_URL", "hireflow.example.com");
    vi.stubEnv("VERCEL_ENV", "preview");
    const preview = new Headers({ "x-forwarded-host": "hireflow-git-branch.vercel.app", "x-forwarded-proto": "https" });
    expect(originFromHeaders(preview)).toBe("https://hireflow-git-branch.vercel.app");
    vi.stubEnv("VERCEL_ENV", "production");
    expect(originFromHeaders(preview)).toBe("https://hireflow.example.com");
  });
});
