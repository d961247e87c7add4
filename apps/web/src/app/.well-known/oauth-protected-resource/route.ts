import { corsPreflight, oauthJson, protectedResourceMetadata } from "@/server/oauth/metadata";
import { requestOrigin } from "@/lib/server/request-origin";

export const dynamic = "force-dynamic";

/** RFC 9728 metadata of the whole server (both APIs); the path-suffixed forms are in [...api]. */
export function GET(req: Request): Response {
  return oauthJson(protectedResourceMetadata(requestOrigin(req)));
}
export const OPTIONS = corsPreflight;
