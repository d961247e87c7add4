import { appBaseUrl } from "@hireflow/config";
import { applicationOriginAllowed, idParam } from "@hireflow/core";
import { getPrisma } from "@hireflow/db";

/**
 * CORS for POST /api/public/jobs/{id}/applications: a page on a site the job's company allows may
 * post the form and read the answer. The allow-list is per company, so every answer varies by Origin.
 */
async function allowedOrigin(req: Request, jobIdParam: string): Promise<string | null> {
  const origin = req.headers.get("origin");
  // The careers page's own form is same-origin: no lookup.
  if (!origin || origin === "null" || origin === new URL(appBaseUrl()).origin || origin === new URL(req.url).origin) return null;
  const parsed = idParam.safeParse(jobIdParam);
  if (!parsed.success) return null;
  return (await applicationOriginAllowed(getPrisma(), parsed.data, origin)) ? origin : null;
}

export async function withApplicationCors(req: Request, jobIdParam: string, response: Response): Promise<Response> {
  const origin = await allowedOrigin(req, jobIdParam);
  const copy = new Response(response.body, response);
  copy.headers.append("vary", "Origin");
  if (origin) {
    copy.headers.set("access-control-allow-origin", origin);
    copy.headers.set("access-control-expose-headers", "request-id, retry-after, ratelimit-limit, ratelimit-remaining, ratelimit-reset");
  }
  return copy;
}

/** The preflight: POST with a JSON or multipart body, for allowed origins only. */
export async function applicationPreflight(req: Request, jobIdParam: string): Promise<Response> {
  const origin = await allowedOrigin(req, jobIdParam);
  const headers: Record<string, string> = { vary: "Origin" };
  if (origin) {
    Object.assign(headers, {
      "access-control-allow-origin": origin,
      "access-control-allow-methods": "POST, OPTIONS",
      "access-control-allow-headers": "content-type",
      "access-control-max-age": "600",
    });
  }
  return new Response(null, { status: 204, headers });
}
