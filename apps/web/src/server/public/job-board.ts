import { AppError, careersUrl, embedScriptJs, indeedFeedXml, type JobBoard, jobsFeedJson, limitJobBoard, loadJobBoard, renderOnce } from "@hireflow/core";
import { getPrisma } from "@hireflow/db";
// Relative imports: `npm start`'s own server (server/node/server.ts, run by tsx) loads this module too.
import { clientIp } from "../../lib/server/client-ip.ts";
import { handleRoute } from "../../lib/server/route-errors.ts";
import { conditionalResponse } from "./conditional.ts";

/**
 * The careers site's machine-readable faces: the Indeed and JSON feeds, the sitemap and the
 * key-less job board API (GET /api/public/companies/{slug}/jobs[/{id}]). All read the cached board
 * (core's loadJobBoard): a warm request is one version query and a cached body.
 */
const SLUG = /^[a-z0-9-]{1,100}$/;

async function board(slug: string): Promise<JobBoard> {
  // Not a slug is not a company: the same 404 as an unknown one.
  if (!SLUG.test(slug)) throw AppError.notFound("Careers page");
  return loadJobBoard(getPrisma(), slug);
}

function serve(req: Request, board: JobBoard, key: string, contentType: string, render: () => string, headers?: Record<string, string>): Response {
  const { body, etag } = renderOnce(board, key, render);
  return conditionalResponse(req, { etag, lastModified: board.lastModified, contentType, body, headers });
}

export async function indeedFeed(req: Request, slug: string): Promise<Response> {
  const b = await board(slug);
  return serve(req, b, "indeed.xml", "application/xml; charset=utf-8", () => indeedFeedXml(b));
}

export async function jsonFeed(req: Request, slug: string): Promise<Response> {
  const b = await board(slug);
  return serve(req, b, "jobs.json", "application/json; charset=utf-8", () => jobsFeedJson(b));
}

/**
 * The embed script, cacheable by any site that includes it; `cross-origin-resource-policy` says
 * outright that other sites may load it.
 */
export async function embedScript(req: Request, slug: string): Promise<Response> {
  const b = await board(slug);
  return serve(req, b, "embed.js", "text/javascript; charset=utf-8", () => embedScriptJs(b), { "cross-origin-resource-policy": "cross-origin" });
}

function xmlText(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c]!);
}

/** The careers page and every open job's page, each with the time it last changed. */
export async function companySitemap(req: Request, slug: string): Promise<Response> {
  const b = await board(slug);
  return serve(req, b, "sitemap.xml", "application/xml; charset=utf-8", () => {
    const urls = [{ loc: careersUrl(b.company.slug), lastmod: b.lastModified.toISOString() }, ...b.jobs.map((job) => ({ loc: job.apply_url, lastmod: job.updated_at }))];
    return [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ...urls.map((u) => `<url><loc>${xmlText(u.loc)}</loc><lastmod>${u.lastmod}</lastmod></url>`),
      "</urlset>",
      "",
    ].join("\n");
  });
}

/** CORS for the public job board API: any site may read it (it is public data, no credentials). */
export const BOARD_CORS = {
  "access-control-allow-origin": "*",
  "access-control-expose-headers": "etag, last-modified, ratelimit-limit, ratelimit-remaining, ratelimit-reset, retry-after, request-id",
};

export function boardPreflight(): Promise<Response> {
  return handleRoute(() => new Response(null, {
    status: 204,
    headers: {
      ...BOARD_CORS,
      "access-control-allow-methods": "GET, HEAD, OPTIONS",
      // Conditional requests from a browser's script send these; they are not CORS-safelisted.
      "access-control-allow-headers": "if-none-match, if-modified-since, content-type",
      "access-control-max-age": "86400",
    },
  }));
}

/** Adds the API's CORS headers to any response (errors too, so a page's script can read them). */
export function withBoardCors(response: Response): Response {
  for (const [name, value] of Object.entries(BOARD_CORS)) response.headers.set(name, value);
  return response;
}

/** GET of the public job board API: the list, or one job when `id` is given; CORS on every answer. */
export async function answerBoardApi(req: Request, slug: string, id?: string): Promise<Response> {
  return withBoardCors(await handleRoute(() => (id === undefined ? publicJobs(req, slug) : publicJob(req, slug, id))));
}

export async function publicJobs(req: Request, slug: string): Promise<Response> {
  const limitHeaders = await limitJobBoard(clientIp(req));
  const b = await board(slug);
  return serve(req, b, "api:list", "application/json", () => JSON.stringify({ data: b.jobs }), limitHeaders);
}

export async function publicJob(req: Request, slug: string, idParam: string): Promise<Response> {
  const limitHeaders = await limitJobBoard(clientIp(req));
  const b = await board(slug);
  const id = /^[1-9][0-9]{0,9}$/.test(idParam) ? Number(idParam) : NaN;
  const job = b.jobs.find((j) => j.id === id);
  // A closed, private or other company's job is not found, the same as one that never existed.
  if (!job) throw AppError.notFound("Job", idParam);
  return serve(req, b, `api:job:${job.id}`, "application/json", () => JSON.stringify({ data: job }), limitHeaders);
}
