import * as filesRoute from "@/app/api/files/[token]/route";
import * as applicationsRoute from "@/app/api/public/jobs/[id]/applications/route";
import * as openApiRoute from "@/app/api/v1/openapi.json/route";
import * as restRoute from "@/app/api/v1/[...path]/route";
import { serve } from "./server.ts";

type Handler = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Response | Promise<Response>;

/** The app's route handlers (the very modules Next serves), routed the way Next routes them. */
const routes: { pattern: RegExp; module: Record<string, unknown>; param?: string }[] = [
  { pattern: /^\/api\/v1\/openapi\.json$/, module: openApiRoute },
  { pattern: /^\/api\/v1\/.+$/, module: restRoute },
  { pattern: /^\/api\/files\/([^/]+)$/, module: filesRoute, param: "token" },
  { pattern: /^\/api\/public\/jobs\/([^/]+)\/applications$/, module: applicationsRoute, param: "id" },
];

export function startApp() {
  return serve(async (req) => {
    const { pathname } = new URL(req.url);
    for (const route of routes) {
      const match = pathname.match(route.pattern);
      if (!match) continue;
      const handler = route.module[req.method] as Handler | undefined;
      if (!handler) return new Response(null, { status: 405 });
      const params = route.param ? { [route.param]: decodeURIComponent(match[1]!) } : {};
      return handler(req, { params: Promise.resolve(params) });
    }
    return new Response("not found", { status: 404 });
  });
}
