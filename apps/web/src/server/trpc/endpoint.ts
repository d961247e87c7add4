import { appRouter, type Context, toAppError } from "@hireflow/core";
import { CSRF_HEADER, csrfTokenMatches, sessionTokenFromCookieHeader, verifySession } from "@hireflow/core/identity/sessions";
import { getPrisma } from "@hireflow/db";
import { TRPCError } from "@trpc/server";
import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { clientIp } from "../../lib/server/client-ip.ts";
import { logServerError, newRequestId } from "../../lib/server/route-errors.ts";

/** Where the web app's tRPC procedures are served: /api/trpc/<procedure path>. */
export const TRPC_ENDPOINT = "/api/trpc";

/**
 * The web app's tRPC endpoint, for the Next route (app/api/trpc/[...trpc]/route.ts, on Vercel) and
 * `npm start`'s own HTTP server alike (server/node/server.ts). The principal comes from the session
 * cookie only (API keys are for /api/v1); every non-GET request (mutations) must carry the session's
 * CSRF token in `x-csrf-token`, which a cross-site page cannot read.
 */
export async function handleTrpcRequest(req: Request, publishAfterResponse: () => void): Promise<Response> {
  if (req.method !== "GET") publishAfterResponse();
  const requestId = newRequestId();
  const response = await fetchRequestHandler({
    endpoint: TRPC_ENDPOINT,
    req,
    router: appRouter,
    allowBatching: false,
    createContext: () => createContext(req, requestId),
    // The status of the domain error (400 validation, 404, 409, …), not tRPC's generic mapping.
    responseMeta: ({ errors }) => {
      const headers = new Headers({ "request-id": requestId, "cache-control": "no-store" });
      return errors[0] ? { status: toAppError(errors[0]).status, headers } : { headers };
    },
    onError: ({ error, path }) => {
      logServerError(toAppError(error), requestId, { procedure: path });
    },
  });
  // tRPC answers HEAD (which Next serves with the route's GET export) with a bare 204, without calling
  // responseMeta: every answer still carries the request id and is never cached.
  if (!response.headers.has("request-id")) {
    response.headers.set("request-id", requestId);
    response.headers.set("cache-control", "no-store");
  }
  return response;
}

async function createContext(req: Request, requestId: string): Promise<Context> {
  const prisma = getPrisma();
  const session = await verifySession(prisma, sessionTokenFromCookieHeader(req.headers.get("cookie")));
  if (session && req.method !== "GET" && !csrfTokenMatches(session.csrfToken, req.headers.get(CSRF_HEADER))) {
    throw new TRPCError({ code: "FORBIDDEN", message: "Missing or invalid CSRF token; reload the page" });
  }
  return {
    prisma,
    requestId,
    principal: session ? { kind: "user", companyId: session.user.company.id, userId: session.user.id, role: session.user.role, csrfToken: session.csrfToken } : null,
    ip: clientIp(req),
  };
}
