import { inject } from "vitest";
import { startBuiltServer, testingTheBuild } from "./built-server.ts";
import { serve } from "./server.ts";
import { fingerprintDifference, serverEnvironmentFingerprint } from "./server-env.ts";

type Handler = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Response | Promise<Response>;

type Route = { pattern: RegExp; module: Record<string, unknown>; param?: string; params?: string[]; catchAll?: boolean };

/**
 * The app's route handlers (the very modules Next serves), routed the way Next routes them. Loaded on
 * first use: under test:build the files talk to the built server and never need them, and importing
 * them is most of a file's start-up time.
 */
let routes: Promise<Route[]> | undefined;
function loadRoutes(): Promise<Route[]> {
  routes ??= (async () => {
    // One after another, in the order the static imports had (the module graph has cycles).
    const filesRoute = await import("@/app/api/files/[token]/route");
    const applicationsRoute = await import("@/app/api/public/jobs/[id]/applications/route");
    const boardJobRoute = await import("@/app/api/public/companies/[slug]/jobs/[id]/route");
    const boardJobsRoute = await import("@/app/api/public/companies/[slug]/jobs/route");
    const indeedFeedRoute = await import("@/app/careers/[slug]/feeds/indeed.xml/route");
    const jsonFeedRoute = await import("@/app/careers/[slug]/feeds/jobs.json/route");
    const careersSitemapRoute = await import("@/app/careers/[slug]/sitemap.xml/route");
    const embedScriptRoute = await import("@/app/careers/[slug]/embed.js/route");
    const robotsRoute = await import("@/app/robots.txt/route");
    const sitemapIndexRoute = await import("@/app/sitemap.xml/route");
    const openApiRoute = await import("@/app/api/v1/openapi.json/route");
    const restRoute = await import("@/app/api/v1/[[...path]]/route");
    const mcpRoute = await import("@/app/api/mcp/route");
    const oauthRegisterRoute = await import("@/app/api/oauth/register/route");
    const oauthRevokeRoute = await import("@/app/api/oauth/revoke/route");
    const oauthTokenRoute = await import("@/app/api/oauth/token/route");
    const authorizationServerRoute = await import("@/app/.well-known/oauth-authorization-server/route");
    const protectedResourceRoute = await import("@/app/.well-known/oauth-protected-resource/route");
    const protectedResourcePathRoute = await import("@/app/.well-known/oauth-protected-resource/[...api]/route");
    const consentDecisionRoute = await import("@/app/oauth/authorize/decision/route");
    return [
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
      { pattern: /^\/\.well-known\/oauth-protected-resource\/(.+)$/, module: protectedResourcePathRoute, param: "api", catchAll: true },
      { pattern: /^\/oauth\/authorize\/decision$/, module: consentDecisionRoute },
    ];
  })();
  return routes;
}

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

export async function startApp(): Promise<RunningApp> {
  if (testingTheBuild()) return sharedOrOwnBuiltServer();
  const routes = await loadRoutes();
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
      if (route.catchAll) params.api = params.api!.split("/") as never;
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

/**
 * test:build's server for a file: the run's shared one (shared-built-server.global.ts) when the file's
 * environment is the one it was started with, else one of the file's own with the file's environment.
 */
async function sharedOrOwnBuiltServer(): Promise<RunningApp> {
  const shared = inject("sharedBuiltServer");
  if (shared) {
    const mine = serverEnvironmentFingerprint(process.env);
    if (mine === shared.fingerprint) return { url: shared.url, close: async () => {} };
    console.info(`startApp: a server of this file's own (its environment differs from the shared server's in ${fingerprintDifference(mine, shared.fingerprint).join(", ")})`);
  }
  return startBuiltServer();
}
