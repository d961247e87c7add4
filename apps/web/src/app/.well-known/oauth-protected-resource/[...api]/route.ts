import { corsPreflight, oauthJson, protectedResourceMetadata } from "@/server/oauth/metadata";
import { requestOrigin } from "@/lib/server/request-origin";

export const dynamic = "force-dynamic";

/** RFC 9728 §3.1 path-suffixed metadata: /.well-known/oauth-protected-resource/api/mcp and …/api/v1. */
export async function GET(req: Request, { params }: { params: Promise<{ api: string[] }> }): Promise<Response> {
  const api = (await params).api.join("/");
  if (api !== "api/mcp" && api !== "api/v1") return oauthJson({ error: "not_found", error_description: "No such protected resource" }, 404);
  return oauthJson(protectedResourceMetadata(requestOrigin(req), api));
}
export const OPTIONS = corsPreflight;
