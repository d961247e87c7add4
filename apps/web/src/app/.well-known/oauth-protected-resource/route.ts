import { corsPreflight, oauthJson, protectedResourceMetadata } from "@/server/oauth/metadata";

export const dynamic = "force-dynamic";

/** RFC 9728 metadata of the whole server (both APIs); the path-suffixed forms are in [...api]. */
export function GET(req: Request): Response {
  return oauthJson(protectedResourceMetadata(new URL(req.url).origin));
}
export const OPTIONS = corsPreflight;
