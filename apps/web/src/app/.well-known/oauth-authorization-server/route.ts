import { authorizationServerMetadata, corsPreflight, oauthJson } from "@/server/oauth/metadata";

export const dynamic = "force-dynamic";

/** RFC 8414 authorization server metadata (the issuer is the origin, so no path suffix). */
export function GET(req: Request): Response {
  return oauthJson(authorizationServerMetadata(new URL(req.url).origin));
}
export const OPTIONS = corsPreflight;
