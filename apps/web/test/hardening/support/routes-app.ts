import { ERROR_CODES, ERROR_STATUS } from "@hireflow/core";
import { expect } from "vitest";
import * as signInRoute from "@/app/api/auth/sign-in/route";
import * as signOutRoute from "@/app/api/auth/sign-out/route";
import * as filesRoute from "@/app/api/files/[token]/route";
import * as inngestRoute from "@/app/api/inngest/route";
import * as boardJobRoute from "@/app/api/public/companies/[slug]/jobs/[id]/route";
import * as boardJobsRoute from "@/app/api/public/companies/[slug]/jobs/route";
import * as applicationsRoute from "@/app/api/public/jobs/[id]/applications/route";
import * as offerRoute from "@/app/api/public/offers/[token]/route";
import * as offerAcceptRoute from "@/app/api/public/offers/[token]/accept/route";
import * as offerDeclineRoute from "@/app/api/public/offers/[token]/decline/route";
import * as indeedFeedRoute from "@/app/careers/[slug]/feeds/indeed.xml/route";
import * as jsonFeedRoute from "@/app/careers/[slug]/feeds/jobs.json/route";
import * as careersSitemapRoute from "@/app/careers/[slug]/sitemap.xml/route";
import * as embedScriptRoute from "@/app/careers/[slug]/embed.js/route";
import * as trpcRoute from "@/app/api/trpc/[...trpc]/route";
import * as restRoute from "@/app/api/v1/[[...path]]/route";
import { startBuiltServer, testingTheBuild } from "../../helpers/built-server.ts";
import { serve } from "../../helpers/server.ts";

/**
 * The app's HTTP routes outside /api/v1 (plus /api/v1 itself, to read resume URLs the way a client
 * does), served from the very route modules Next serves and routed the way Next routes them.
 * Answers the framework gives on its own — 405 for a method a route does not export, 404 for no
 * route — carry FRAMEWORK_ANSWER so checks can tell them from the routes' own.
 */
export const FRAMEWORK_ANSWER = "x-test-framework-answer";

type Handler = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Response | Promise<Response>;

const routes: { pattern: RegExp; module: Record<string, unknown>; param?: string; params?: string[] }[] = [
  { pattern: /^\/api\/auth\/sign-in$/, module: signInRoute },
  { pattern: /^\/api\/auth\/sign-out$/, module: signOutRoute },
  { pattern: /^\/api\/files\/([^/]+)$/, module: filesRoute, param: "token" },
  { pattern: /^\/api\/public\/jobs\/([^/]+)\/applications$/, module: applicationsRoute, param: "id" },
  { pattern: /^\/api\/public\/companies\/([^/]+)\/jobs$/, module: boardJobsRoute, param: "slug" },
  { pattern: /^\/api\/public\/offers\/([^/]+)$/, module: offerRoute, param: "token" },
  { pattern: /^\/api\/public\/offers\/([^/]+)\/accept$/, module: offerAcceptRoute, param: "token" },
  { pattern: /^\/api\/public\/offers\/([^/]+)\/decline$/, module: offerDeclineRoute, param: "token" },
  { pattern: /^\/api\/public\/companies\/([^/]+)\/jobs\/([^/]+)$/, module: boardJobRoute, params: ["slug", "id"] },
  { pattern: /^\/careers\/([^/]+)\/feeds\/indeed\.xml$/, module: indeedFeedRoute, param: "slug" },
  { pattern: /^\/careers\/([^/]+)\/feeds\/jobs\.json$/, module: jsonFeedRoute, param: "slug" },
  { pattern: /^\/careers\/([^/]+)\/sitemap\.xml$/, module: careersSitemapRoute, param: "slug" },
  { pattern: /^\/careers\/([^/]+)\/embed\.js$/, module: embedScriptRoute, param: "slug" },
  { pattern: /^\/api\/inngest$/, module: inngestRoute },
  { pattern: /^\/api\/trpc\/.+$/, module: trpcRoute },
  { pattern: /^\/api\/v1(\/.*)?$/, module: restRoute },
];

const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];

export function startRoutesApp(): Promise<{ url: string; close: () => Promise<void> }> {
  if (testingTheBuild()) return startBuiltServer();
  return serve(async (req) => {
    const response = await route(req);
    await drainUnread(req);
    return response;
  });
}

/**
 * A body a route left unread (it refused the request before reading) is read to its end before the
 * answer goes out, as the proxy in front of the app does (Vercel and nginx buffer request bodies):
 * answering first makes Node close the connection under a client still sending, which then sees
 * a reset instead of the answer. Bodies a route started reading (or drains itself) are left alone.
 */
async function drainUnread(req: Request): Promise<void> {
  if (!req.body || req.bodyUsed || req.body.locked) return;
  const reader = req.body.getReader();
  for (let read = 0; read < 64 * 1024 * 1024; ) {
    const { done, value } = await reader.read();
    if (done) return;
    read += value.byteLength;
  }
  await reader.cancel();
}

async function route(req: Request): Promise<Response> {
  const { pathname } = new URL(req.url);
  for (const route of routes) {
    const match = pathname.match(route.pattern);
    if (!match) continue;
    // Next answers HEAD with a route's GET (the body dropped), as the server helper does.
    const handler = route.module[req.method === "HEAD" && !route.module.HEAD ? "GET" : req.method] as Handler | undefined;
    if (typeof handler !== "function") {
      const allow = METHODS.filter((m) => typeof route.module[m] === "function").join(", ");
      return new Response(null, { status: 405, headers: { allow, [FRAMEWORK_ANSWER]: "1" } });
    }
    // Next decodes a dynamic segment before the route sees it (and answers 400 itself when the
    // encoding is malformed; the generators only produce well-formed encodings).
    const names = route.params ?? (route.param ? [route.param] : []);
    const params = Object.fromEntries(names.map((name, index) => [name, decodeURIComponent(match[index + 1]!)]));
    return handler(req, { params: Promise.resolve(params) });
  }
  return new Response("not found", { status: 404, headers: { [FRAMEWORK_ANSWER]: "1" } });
}

export interface Sent {
  status: number;
  headers: Headers;
  text: string;
}

export const REQUEST_ID = /^req_[A-Za-z0-9_-]{16}$/;

/** The request id, and on 4xx/5xx exactly the error envelope, whose code matches the status. */
export function expectOurAnswer(res: Sent, context: string): void {
  expect(res.headers.get(FRAMEWORK_ANSWER), `${context}: answered by the emulated framework, not the route`).toBeNull();
  expect(res.headers.get("request-id"), context).toMatch(REQUEST_ID);
  if (res.status < 400) return;
  expectEnvelope(res, context);
}

export function expectEnvelope(res: Sent, context: string): { code: string; message: string; details?: unknown } {
  let body: { error?: { code?: unknown; message?: unknown; details?: unknown } };
  try {
    body = JSON.parse(res.text);
  } catch {
    throw new Error(`${context}: ${res.status} without a JSON envelope: ${res.text.slice(0, 200)}`);
  }
  expect(res.headers.get("content-type"), context).toMatch(/^application\/json/);
  expect(Object.keys(body), context).toEqual(["error"]);
  expect(ERROR_CODES, context).toContain(body.error?.code);
  expect(ERROR_STATUS[body.error!.code as keyof typeof ERROR_STATUS], `${context}: the code does not match the status`).toBe(res.status);
  expect(typeof body.error?.message, context).toBe("string");
  expect(Object.keys(body.error!).filter((k) => !["code", "message", "details"].includes(k)), context).toEqual([]);
  if (body.error?.details !== undefined) {
    expect(Array.isArray(body.error.details), context).toBe(true);
    for (const detail of body.error.details as unknown[]) expect(detail, context).toEqual({ field: expect.any(String), message: expect.any(String) });
  }
  return body.error as { code: string; message: string; details?: unknown };
}
