import { ERROR_CODES, ERROR_STATUS } from "@hireflow/core";
import { openApiDocument } from "@hireflow/core/openapi";
import { describe, expect, it } from "vitest";
import { useApiApp } from "../helpers/api-app.ts";
import { createTestCompany, type TestCompany } from "../helpers/fixtures.ts";

/**
 * Every documented path crossed with every method, real and mangled ids, unknown suffixes, with and
 * without a key: never a 5xx, always the request id, always the envelope on an error, 404 for a path
 * the API does not have, 405 (with Allow) for a method a path does not have, and OPTIONS (no key
 * needed) 204 with Allow. Against the
 * production build (npm run test:build) this is the sweep that once found 320 answers of 500.
 */
const app = useApiApp();

const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;
const REQUEST_ID = /^req_[A-Za-z0-9_-]{16}$/;

type Documented = Map<string, Set<string>>;

function documentedPaths(): Documented {
  const paths: Documented = new Map();
  for (const [path, item] of Object.entries(openApiDocument().paths ?? {})) {
    const methods = Object.keys(item as object).filter((m) => ["get", "post", "put", "patch", "delete"].includes(m)).map((m) => m.toUpperCase());
    paths.set(path, new Set(methods));
  }
  return paths;
}

/** The ids a path parameter is tried with: real ones of the key's company and of another, and junk. */
function idValues(own: TestCompany, other: TestCompany): string[] {
  return [String(own.jobId), String(other.jobId), "0", "-1", "99999999999", "abc", "1.5", "%00", "1e3", "x".repeat(300)];
}

interface Case {
  method: string;
  path: string;
  /** The documented template the path instantiates; null for a path the API does not have. */
  template: string | null;
  withKey: boolean;
}

/** The template a concrete path instantiates (a `{param}` is any one segment; literal segments win). */
function templateOf(path: string, documented: Documented): string | null {
  const segments = path.split("/").filter(Boolean);
  let best: { template: string; literals: number } | null = null;
  for (const template of documented.keys()) {
    const parts = template.split("/").filter(Boolean);
    if (parts.length !== segments.length) continue;
    if (!parts.every((part, i) => part.startsWith("{") || part === segments[i])) continue;
    const literals = parts.filter((part) => !part.startsWith("{")).length;
    if (!best || literals > best.literals) best = { template, literals };
  }
  return best?.template ?? null;
}

function cases(own: TestCompany, other: TestCompany): Case[] {
  const documented = documentedPaths();
  const result: Case[] = [];
  const ids = idValues(own, other);
  for (const template of documented.keys()) {
    const concrete = template.includes("{") ? ids.map((id) => template.replace(/\{[^}]+\}/g, id)) : [template];
    for (const path of concrete) {
      for (const withKey of [true, false]) {
        for (const method of METHODS) {
          result.push({ method, path, template, withKey });
          result.push({ method, path: `${path}/nope`, template: templateOf(`${path}/nope`, documented), withKey });
        }
      }
    }
  }
  for (const path of ["", "/", "/nope", "/candidates/1/notes/2/nope", "/jobs/1/candidates/nope", "/openapi", "/CANDIDATES"]) {
    for (const withKey of [true, false]) for (const method of METHODS) result.push({ method, path, template: templateOf(path, documented), withKey });
  }
  return result;
}

describe("route sweep (paths × methods × ids × key)", () => {
  // Thousands of requests, growing with every route: its own time limit (a loaded machine took over 30 s).
  it("never answers 5xx; 404 for unknown paths, 405 with Allow for unknown methods; envelope and request-id always", { timeout: 120_000 }, async () => {
    const own = app.acme;
    const other = await createTestCompany();
    const documented = documentedPaths();
    const all = cases(own, other);
    const byStatus: Record<number, number> = {};
    const failures: string[] = [];

    // A few at a time: enough to be quick, few enough not to trip anything but the code under test.
    const queue = [...all];
    const worker = async () => {
      for (let c = queue.shift(); c; c = queue.shift()) {
        const res = await fetch(`${app.url}/api/v1${c.path}`, {
          method: c.method,
          headers: {
            ...(c.withKey ? { authorization: `Bearer ${own.apiKey}` } : {}),
            ...(["POST", "PUT", "PATCH"].includes(c.method) ? { "content-type": "application/json" } : {}),
          },
          body: ["POST", "PUT", "PATCH"].includes(c.method) ? "{}" : undefined,
        });
        const text = c.method === "HEAD" ? "" : await res.text();
        byStatus[res.status] = (byStatus[res.status] ?? 0) + 1;
        const problem = check(c, res, text, documented);
        if (problem) failures.push(`${c.method} ${c.path.slice(0, 80)} ${c.withKey ? "(key)" : "(no key)"} → ${res.status}: ${problem} ${text.slice(0, 160)}`);
      }
    };
    await Promise.all(Array.from({ length: 8 }, worker));

    console.info(`[route-sweep] ${JSON.stringify({ requests: all.length, byStatus })}`);
    expect(all.length).toBeGreaterThan(1000);
    expect(failures.slice(0, 25), `${failures.length} of ${all.length} answers are wrong`).toEqual([]);
  });
});

function check(c: Case, res: Response, text: string, documented: Documented): string | null {
  if (res.status >= 500) return "a server error";
  if (!REQUEST_ID.test(res.headers.get("request-id") ?? "")) return "no request-id";
  if (c.method !== "HEAD" && res.status >= 400) {
    let body: { error?: { code?: string; message?: unknown } };
    try {
      body = JSON.parse(text);
    } catch {
      return "not a JSON envelope";
    }
    const code = body.error?.code as keyof typeof ERROR_STATUS | undefined;
    if (!code || !ERROR_CODES.includes(code) || typeof body.error?.message !== "string") return "not the envelope";
    if (ERROR_STATUS[code] !== res.status) return `code ${code} does not match the status`;
  }
  const allowed = c.template === null ? null : documented.get(c.template)!;
  const allow = allowed ? [...allowed, ...(allowed.has("GET") ? ["HEAD"] : []), "OPTIONS"].sort() : null;
  const allowHeader = () => JSON.stringify((res.headers.get("allow") ?? "").split(/,\s*/).sort());
  // OPTIONS tells what a path allows and needs no key.
  if (c.method === "OPTIONS") {
    if (!allow) return res.status === 404 ? null : "OPTIONS on an unknown path must be 404";
    if (res.status !== 204) return "OPTIONS on a known path must be 204";
    return allowHeader() === JSON.stringify(allow) ? null : `Allow ${allowHeader()}, expected ${JSON.stringify(allow)}`;
  }
  if (!c.withKey) return res.status === 401 ? null : "no key must be 401";
  if (!allow) return res.status === 404 ? null : "an unknown path must be 404";
  if (!allow.includes(c.method)) {
    if (res.status !== 405) return "a method the path does not have must be 405";
    return allowHeader() === JSON.stringify(allow) ? null : `Allow ${allowHeader()}, expected ${JSON.stringify(allow)}`;
  }
  return null;
}
