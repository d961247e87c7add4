import { afterEach, describe, expect, it, vi } from "vitest";
import { audienceAllows, resourceMatches } from "../src/modules/identity/auth/oauth-tokens.ts";
import { validResource } from "../src/modules/identity/oauth/authorization.ts";

// NODE_ENV decides it (isProduction() reads it per call): each test sets it.
afterEach(() => {
  vi.unstubAllEnvs();
});

describe("one local resource on localhost and 127.0.0.1 outside production (issue 43 §25)", () => {
  it("in development and tests a token for http://localhost:3000/api/mcp is good at http://127.0.0.1:3000/api/mcp, and the other way round", () => {
    vi.stubEnv("NODE_ENV", "development");
    expect(audienceAllows("http://localhost:3000/api/mcp", "http://127.0.0.1:3000", "api/mcp")).toBe(true);
    expect(audienceAllows("http://127.0.0.1:3000/api/mcp", "http://localhost:3000", "api/mcp")).toBe(true);
    expect(audienceAllows("http://localhost:3000", "http://[::1]:3000", "api/v1")).toBe(true);
    // Still bound to its API, port and scheme.
    expect(audienceAllows("http://localhost:3000/api/mcp", "http://127.0.0.1:3000", "api/v1")).toBe(false);
    expect(audienceAllows("http://localhost:3001/api/mcp", "http://127.0.0.1:3000", "api/mcp")).toBe(false);
    expect(audienceAllows("https://localhost:3000/api/mcp", "http://127.0.0.1:3000", "api/mcp")).toBe(false);
    // Only loopback names are one: a public host is never another's alias.
    expect(audienceAllows("https://hireflow.example.com/api/mcp", "http://127.0.0.1:3000", "api/mcp")).toBe(false);
    expect(resourceMatches("http://localhost.evil.example:3000/api/mcp", "http://127.0.0.1:3000/api/mcp")).toBe(false);
    expect(validResource("http://localhost:3000", "http://127.0.0.1:3000/api/mcp/")).toEqual({ resource: "http://127.0.0.1:3000/api/mcp", api: "api/mcp" });
  });

  it("in production a resource is exactly one URL", () => {
    vi.stubEnv("NODE_ENV", "production");
    vi.stubEnv("HIREFLOW_LOCAL", "");
    expect(audienceAllows("http://localhost:3000/api/mcp", "http://127.0.0.1:3000", "api/mcp")).toBe(false);
    expect(audienceAllows("http://localhost:3000/api/mcp", "http://localhost:3000", "api/mcp")).toBe(true);
    expect(audienceAllows("http://localhost:3000", "http://localhost:3000", "api/v1")).toBe(true);
    expect(validResource("http://localhost:3000", "http://127.0.0.1:3000/api/mcp")).toBeNull();
    expect(validResource("https://hireflow.example.com", "https://hireflow.example.com/api/v1")).toEqual({ resource: "https://hireflow.example.com/api/v1", api: "api/v1" });
    expect(validResource("https://hireflow.example.com", null)).toEqual({ resource: "https://hireflow.example.com", api: null });
  });
});
