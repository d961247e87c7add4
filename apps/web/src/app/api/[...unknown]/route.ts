import { AppError } from "@hireflow/core";
import { newRequestId, routeErrorResponse } from "@/lib/server/route-errors";

export const dynamic = "force-dynamic";

/** Any /api path no route serves: the API's 404 envelope with a request id, not Next's HTML page. */
function notFound(req: Request): Response {
  const { pathname } = new URL(req.url);
  return routeErrorResponse(new AppError("not_found", `No such route: ${req.method} ${pathname}`), newRequestId());
}

export { notFound as GET, notFound as HEAD, notFound as POST, notFound as PUT, notFound as PATCH, notFound as DELETE, notFound as OPTIONS };
