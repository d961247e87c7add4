import { afterEach, describe, expect, it, vi } from "vitest";
import { clientIp } from "@/lib/server/client-ip";

const request = (headers: Record<string, string>) => new Request("http://localhost/", { headers });

afterEach(() => vi.unstubAllEnvs());

describe("the client IP behind trusted proxies", () => {
  it("is the address the one proxy in front appended, whatever the client put before it", () => {
    expect(clientIp(request({ "x-forwarded-for": "198.51.100.7" }))).toBe("198.51.100.7");
    expect(clientIp(request({ "x-forwarded-for": "203.0.113.9, 198.51.100.7" }))).toBe("198.51.100.7");
    expect(clientIp(request({ "x-forwarded-for": "1.1.1.1,2.2.2.2 ,  198.51.100.7 " }))).toBe("198.51.100.7");
  });

  it("counts TRUSTED_PROXY_HOPS from the right, and never past the left end", () => {
    vi.stubEnv("TRUSTED_PROXY_HOPS", "2");
    expect(clientIp(request({ "x-forwarded-for": "203.0.113.9, 198.51.100.7, 10.0.0.2" }))).toBe("198.51.100.7");
    expect(clientIp(request({ "x-forwarded-for": "198.51.100.7" }))).toBe("198.51.100.7");
  });

  it("falls back to x-real-ip, then to one shared bucket", () => {
    expect(clientIp(request({ "x-real-ip": " 198.51.100.8 " }))).toBe("198.51.100.8");
    expect(clientIp(request({ "x-forwarded-for": " , ", "x-real-ip": "198.51.100.8" }))).toBe("198.51.100.8");
    expect(clientIp(request({}))).toBe("unknown");
  });
});
