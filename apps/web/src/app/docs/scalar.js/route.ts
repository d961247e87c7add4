import { scalarBundle, SCALAR_VERSION } from "@/server/api-reference-asset";

/** Scalar's browser bundle for /docs, from the app's own origin (no CDN). */
export const dynamic = "force-dynamic";

export function GET(request: Request) {
  const { body, etag } = scalarBundle();
  // /docs asks for ?v=<version>: that URL never changes content, the bare one may (after an upgrade).
  const versioned = new URL(request.url).searchParams.get("v") === SCALAR_VERSION;
  const headers = {
    "content-type": "text/javascript; charset=utf-8",
    "cache-control": versioned ? "public, max-age=31536000, immutable" : "public, max-age=300",
    etag,
  };
  if (request.headers.get("if-none-match") === etag) return new Response(null, { status: 304, headers });
  return new Response(new Uint8Array(body), { status: 200, headers });
}
