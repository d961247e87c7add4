import { serveSignedFile } from "@hireflow/storage";
import { handleRestRequest } from "../../src/server/rest/gateway.ts";
import { serve } from "./server.ts";

/** The app's HTTP surface as Next routes it: /api/v1/* → the REST gateway, /api/files/* → downloads. */
export function startApp() {
  return serve(async (req) => {
    const { pathname } = new URL(req.url);
    if (pathname.startsWith("/api/v1/")) return handleRestRequest(req);
    const file = pathname.match(/^\/api\/files\/([^/]+)$/);
    if (file) return serveSignedFile(decodeURIComponent(file[1]!));
    return new Response("not found", { status: 404 });
  });
}
