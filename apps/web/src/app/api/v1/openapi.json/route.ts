import { openApiDocument } from "@hireflow/core/openapi";

export const dynamic = "force-dynamic";

export function GET() {
  return Response.json(openApiDocument(), { headers: { "access-control-allow-origin": "*" } });
}
