import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import config, { securityHeaders } from "../../next.config.ts";
import { proxy } from "@/proxy";
import { contentSecurityPolicy, createNonce, withSecurityHeaders } from "@/server/security-headers";

const directive = (policy: string, name: string) => policy.split(";").map((d) => d.trim()).find((d) => d.startsWith(`${name} `)) ?? "";

describe("static security headers (next.config.ts)", () => {
  it("apply to every path: nosniff, referrer policy, no framing, permissions policy", async () => {
    const rules = await config.headers!();
    expect(rules).toHaveLength(1);
    expect(rules[0]!.source).toBe("/:path*");
    const headers = Object.fromEntries(rules[0]!.headers.map((h) => [h.key.toLowerCase(), h.value]));
    expect(headers).toMatchObject({
      "x-content-type-options": "nosniff",
      "referrer-policy": "strict-origin-when-cross-origin",
      "x-frame-options": "DENY",
      "permissions-policy": expect.stringContaining("camera=()"),
    });
  });

  it("HSTS only in production", () => {
    const hsts = (production: boolean) => securityHeaders(production).find((h) => h.key === "Strict-Transport-Security")?.value;
    expect(hsts(true)).toMatch(/^max-age=\d{8,}; includeSubDomains$/);
    expect(hsts(false)).toBeUndefined();
  });
});

describe("Content-Security-Policy with a per-request nonce (proxy.ts → security-headers.ts)", () => {
  it("allows scripts and styles only by nonce: no 'unsafe-inline', 'unsafe-eval' only in development, no framing", () => {
    const policy = contentSecurityPolicy("abc123");
    expect(directive(policy, "script-src")).toBe("script-src 'self' 'nonce-abc123' 'strict-dynamic'");
    expect(directive(policy, "style-src")).toBe("style-src 'self' 'nonce-abc123'");
    expect(policy).not.toContain("unsafe-inline");
    expect(policy).not.toContain("unsafe-eval");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("base-uri 'self'");
    expect(policy).not.toContain("upgrade-insecure-requests");
    expect(directive(contentSecurityPolicy("n", { development: true }), "script-src")).toContain("'unsafe-eval'");
    expect(contentSecurityPolicy("n", { https: true })).toContain("upgrade-insecure-requests");
  });

  it("a fresh, unguessable nonce per request, handed to Next's renderer in the request headers", () => {
    const nonces = new Set(Array.from({ length: 100 }, createNonce));
    expect(nonces.size).toBe(100);
    for (const nonce of nonces) expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    const response = withSecurityHeaders(new NextRequest("http://localhost/docs"), undefined, {});
    const policy = response.headers.get("content-security-policy")!;
    const nonce = policy.match(/'nonce-([^']+)'/)![1]!;
    // NextResponse.next({ request: { headers } }) forwards overridden request headers this way.
    expect(response.headers.get("x-middleware-request-x-nonce")).toBe(nonce);
    expect(response.headers.get("x-middleware-request-content-security-policy")).toBe(policy);
  });

  it("only the API reference (/docs, Scalar injects its CSS) allows inline styles; its scripts stay nonce-only", async () => {
    const docs = (await proxy(new NextRequest("http://localhost/docs"))).headers.get("content-security-policy")!;
    expect(directive(docs, "style-src")).toBe("style-src 'self' 'unsafe-inline'");
    expect(directive(docs, "script-src")).toMatch(/^script-src 'self' 'nonce-[^']+' 'strict-dynamic'$/);
    expect(docs).not.toContain("unsafe-eval");
    for (const rule of ["connect-src 'self'", "font-src 'self'", "img-src 'self' blob: data:", "frame-ancestors 'none'"]) expect(docs).toContain(rule);
    for (const path of ["/sign-in", "/careers/acme", "/docsx", "/documents"]) {
      const policy = (await proxy(new NextRequest(`http://localhost${path}`))).headers.get("content-security-policy")!;
      expect(directive(policy, "style-src"), path).toMatch(/^style-src 'self' 'nonce-[^']+'$/);
    }
    const signedIn = (await proxy(new NextRequest("http://localhost/jobs", { headers: { cookie: "hf_session=abc" } }))).headers.get("content-security-policy")!;
    expect(signedIn).not.toContain("unsafe-inline");
  });

  it("an e-mail of the e-mail log allows inline styles (its HTML body's srcdoc iframe inherits the policy); the log itself and other settings do not", async () => {
    const signedIn = async (path: string) => (await proxy(new NextRequest(`http://localhost${path}`, { headers: { cookie: "hf_session=abc" } }))).headers.get("content-security-policy")!;
    const message = await signedIn("/settings/email-log/12");
    expect(directive(message, "style-src")).toBe("style-src 'self' 'unsafe-inline'");
    expect(directive(message, "script-src")).toMatch(/^script-src 'self' 'nonce-[^']+' 'strict-dynamic'$/);
    for (const path of ["/settings/email-log", "/settings/email", "/settings/email-log/12/x", "/settings/team"]) {
      expect(directive(await signedIn(path), "style-src"), path).toMatch(/^style-src 'self' 'nonce-[^']+'$/);
    }
  });

  it("only the public careers pages load images from other https hosts (the company's logo); the app's pages keep 'self'", async () => {
    const policyOf = async (path: string, cookie?: string) =>
      (await proxy(new NextRequest(`http://localhost${path}`, cookie ? { headers: { cookie } } : undefined))).headers.get("content-security-policy")!;
    for (const path of ["/careers", "/careers/acme"]) expect(directive(await policyOf(path), "img-src"), path).toBe("img-src 'self' blob: data: https:");
    for (const path of ["/sign-in", "/docs", "/careersx", "/settings/careers-site"]) {
      expect(directive(await policyOf(path, "hf_session=abc"), "img-src"), path).toBe("img-src 'self' blob: data:");
    }
  });

  it("proxy.ts sets it on pages it lets through and on its sign-in redirects", async () => {
    const open = await proxy(new NextRequest("http://localhost/docs"));
    expect(open.headers.get("content-security-policy")).toMatch(/script-src 'self' 'nonce-[^']+' 'strict-dynamic'/);
    const redirected = await proxy(new NextRequest("http://localhost/jobs"));
    expect(redirected.status).toBe(307);
    expect(redirected.headers.get("location")).toContain("/sign-in");
    expect(redirected.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    const signedIn = await proxy(new NextRequest("http://localhost/jobs", { headers: { cookie: "hf_session=abc" } }));
    expect(signedIn.headers.get("content-security-policy")).toContain("'nonce-");
  });
});
