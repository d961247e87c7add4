import { authorizationServerMetadata, corsPreflight, oauthJson } from "@/server/oauth/metadata";
import { requestOrigin } from "@/lib/server/request-origin";

export const dynamic = "force-dynamic";

/** RFC 8414 authorization server metadata (the issuer is the origin, so no path suffix). */
export function GET(req: Request): Response {
  return oauthJson(authorizationServerMetadata(requestOrigin(req)));
}
export const OPTIONS = corsPreflight;
