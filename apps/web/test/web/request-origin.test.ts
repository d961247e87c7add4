import { describe, expect, it } from "vitest";
import { originFromHeaders, requestOrigin } from "@/lib/server/request-origin";

// OAuth's issuer, token audiences and the consent form's same-origin check use the origin the client
// addressed, not the address the server listens on (req.url under `npm start` says 127.0.0.1).
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
