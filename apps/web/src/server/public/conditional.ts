/**
 * Conditional GET for cached representations: a strong ETag and Last-Modified on every 200, and a
 * bodiless 304 when the client's copy is current. If-None-Match wins over If-Modified-Since
 * (RFC 9110 §13.2.2): a validator the client holds is more exact than a date.
 */
export interface Representation {
  etag: string;
  lastModified: Date;
  contentType: string;
  body: Uint8Array | string;
  headers?: Record<string, string>;
}

function matches(ifNoneMatch: string, etag: string): boolean {
  return ifNoneMatch.split(",").some((tag) => {
    const t = tag.trim();
    return t === "*" || t === etag || t === `W/${etag}`;
  });
}

function notModifiedSince(ifModifiedSince: string, lastModified: Date): boolean {
  const since = Date.parse(ifModifiedSince);
  // HTTP dates have whole seconds: compare at that resolution.
  return Number.isFinite(since) && Math.floor(lastModified.getTime() / 1000) <= Math.floor(since / 1000);
}

export function conditionalResponse(req: Request, rep: Representation): Response {
  const headers = {
    etag: rep.etag,
    "last-modified": rep.lastModified.toUTCString(),
    // Caches may keep a copy but must ask again (a conditional request, answered 304 when nothing changed).
    "cache-control": "public, no-cache",
    ...rep.headers,
  };
  const ifNoneMatch = req.headers.get("if-none-match");
  const ifModifiedSince = req.headers.get("if-modified-since");
  const fresh = ifNoneMatch !== null ? matches(ifNoneMatch, rep.etag) : ifModifiedSince !== null && notModifiedSince(ifModifiedSince, rep.lastModified);
  if (fresh) return new Response(null, { status: 304, headers });
  return new Response(rep.body as BodyInit, { status: 200, headers: { ...headers, "content-type": rep.contentType } });
}
