import { unreferencedOfferFileKeys, unreferencedResumeBlobKeys } from "@hireflow/core";
import { getPrisma } from "@hireflow/db";
import { serveSignedFile } from "@hireflow/storage";
import { handleRoute, routeErrorResponse } from "@/lib/server/route-errors";

export const dynamic = "force-dynamic";

/** Signed downloads of resumes and offer letters: the URL is the credential (no API key), and it serves only the blob it signs. */
export function GET(_req: Request, { params }: { params: Promise<{ token: string }> }): Promise<Response> {
  return handleRoute(async (requestId) => {
    const { token } = await params;
    // serveSignedFile answers a storage failure with a 500 of its own; it is answered (and logged
    // with the request id) like any other route's unexpected error instead.
    let failure: { error: unknown } | undefined;
    const response = await serveSignedFile(token, undefined, {
      onError: (error) => void (failure = { error }),
      // A link outlives an erasure: once no candidate (or offer) holds the file it is gone, even before the blob is.
      isServable: async (key) => (await (key.startsWith("offers/") ? unreferencedOfferFileKeys : unreferencedResumeBlobKeys)(getPrisma(), [key])).length === 0,
    });
    if (failure) {
      await response.body?.cancel();
      return routeErrorResponse(failure.error, requestId);
    }
    return response;
  });
}
