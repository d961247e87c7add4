import * as filesRoute from "@/app/api/files/[token]/route";
import * as applicationsRoute from "@/app/api/public/jobs/[id]/applications/route";
import * as boardJobRoute from "@/app/api/public/companies/[slug]/jobs/[id]/route";
import * as boardJobsRoute from "@/app/api/public/companies/[slug]/jobs/route";
import * as indeedFeedRoute from "@/app/careers/[slug]/feeds/indeed.xml/route";
import * as jsonFeedRoute from "@/app/careers/[slug]/feeds/jobs.json/route";
import * as careersSitemapRoute from "@/app/careers/[slug]/sitemap.xml/route";
import * as embedScriptRoute from "@/app/careers/[slug]/embed.js/route";
import * as robotsRoute from "@/app/robots.txt/route";
import * as sitemapIndexRoute from "@/app/sitemap.xml/route";
import * as openApiRoute from "@/app/api/v1/openapi.json/route";
import * as restRoute from "@/app/api/v1/[[...path]]/route";
import * as mcpRoute from "@/app/api/mcp/route";
import * as oauthRegisterRoute from "@/app/api/oauth/register/route";
import * as oauthRevokeRoute from "@/app/api/oauth/revoke/route";
import * as oauthTokenRoute from "@/app/api/oauth/token/route";
import * as authorizationServerRoute from "@/app/.well-known/oauth-authorization-server/route";
import * as protectedResourceRoute from "@/app/.well-known/oauth-protected-resource/route";
import * as protectedResourcePathRoute from "@/app/.well-known/oauth-protected-resource/[...api]/route";
import * as consentDecisionRoute from "@/app/oauth/authorize/decision/route";
import { startBuiltServer, testingTheBuild } from "./built-server.ts";
import { serve } from "./server.ts";

type Handler = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Response | Promise<Response>;

/** The app's route handlers (the very modules Next serves), routed the way Next routes them. */
const routes: { pattern: RegExp; module: Record<string, unknown>; param?: string; params?: string[] }[] = [
  { pattern: /^\/api\/v1\/openapi\.json$/, module: openApiRoute },
  { pattern: /^\/api\/v1(\/.*)?$/, module: restRoute },
  { pattern: /^\/api\/mcp$/, module: mcpRoute },
  { pattern: /^\/api\/files\/([^/]+)$/, module: filesRoute, param: "token" },
  { pattern: /^\/api\/public\/jobs\/([^/]+)\/applications$/, module: applicationsRoute, param: "id" },
  { pattern: /^\/api\/public\/companies\/([^/]+)\/jobs$/, module: boardJobsRoute, param: "slug" },
  { pattern: /^\/api\/public\/companies\/([^/]+)\/jobs\/([^/]+)$/, module: boardJobRoute, params: ["slug", "id"] },
  { pattern: /^\/careers\/([^/]+)\/feeds\/indeed\.xml$/, module: indeedFeedRoute, param: "slug" },
  { pattern: /^\/careers\/([^/]+)\/feeds\/jobs\.json$/, module: jsonFeedRoute, param: "slug" },
  { pattern: /^\/careers\/([^/]+)\/sitemap\.xml$/, module: careersSitemapRoute, param: "slug" },
  { pattern: /^\/careers\/([^/]+)\/embed\.js$/, module: embedScriptRoute, param: "slug" },
  { pattern: /^\/robots\.txt$/, module: robotsRoute },
  { pattern: /^\/sitemap\.xml$/, module: sitemapIndexRoute },
  { pattern: /^\/api\/oauth\/token$/, module: oauthTokenRoute },
  { pattern: /^\/api\/oauth\/register$/, module: oauthRegisterRoute },
  { pattern: /^\/api\/oauth\/revoke$/, module: oauthRevokeRoute },
  { pattern: /^\/\.well-known\/oauth-authorization-server$/, module: authorizationServerRoute },
  { pattern: /^\/\.well-known\/oauth-protected-resource$/, module: protectedResourceRoute },
  { pattern: /^\/\.well-known\/oauth-protected-resource\/(.+)$/, module: protectedResourcePathRoute, param: "api" },
  { pattern: /^\/oauth\/authorize\/decision$/, module: consentDecisionRoute },
];

/**
 * The app on a real socket: the route modules in this process, or with HIREFLOW_TEST_TARGET=build
 * (`npm run test:build`) the production build under the production server (`npm start`'s), with the same environment.
 */
export interface RunningApp {
  url: string;
  close: () => Promise<void>;
  /** What a built server printed (its JSON log lines); absent in process, where setLogSink sees the logs. */
  output?: string[];
}

export function startApp(): Promise<RunningApp> {
  if (testingTheBuild()) return startBuiltServer();
  return serve(async (req) => {
    const { pathname } = new URL(req.url);
    for (const route of routes) {
      const match = pathname.match(route.pattern);
      if (!match) continue;
      const handler = route.module[req.method] as Handler | undefined;
      if (!handler) return new Response(null, { status: 405 });
      const names = route.params ?? (route.param ? [route.param] : []);
      const params = Object.fromEntries(names.map((name, index) => [name, decodeURIComponent(match[index + 1]!)]));
      // A catch-all segment ([...api]) arrives as its parts, as Next passes it.
      if (route.module === protectedResourcePathRoute) params.api = params.api!.split("/") as never;
      return handler(req, { params: Promise.resolve(params) });
    }
    return new Response("not found", { status: 404 });
  });
}

/**
 * Runs `fn` against an app configured with `env` on top of the test's environment. In process the
 * variables are set for the duration and `url` (the file's running app) is used, since the code reads
 * them per request; against the build a server of its own is started with them, because a running
 * server's environment cannot be changed from outside.
 */
export async function withAppEnv<T>(env: Record<string, string>, url: string, fn: (url: string) => Promise<T>): Promise<T> {
  if (testingTheBuild()) {
    const server = await startBuiltServer(env);
    try {
      return await fn(server.url);
    } finally {
      await server.close();
    }
  }
  const previous = Object.fromEntries(Object.keys(env).map((name) => [name, process.env[name]]));
  Object.assign(process.env, env);
  try {
    return await fn(url);
  } finally {
    for (const [name, value] of Object.entries(previous)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
}
