import { createCandidateFromMultipart, isMultipartCandidateCreate } from "./candidate-multipart.ts";
import { withBearerChallenge } from "../oauth/challenge.ts";
import { handleRestRequest } from "./gateway.ts";

/**
 * Every request under /api/v1 (but the OpenAPI document): the one entry that both the Vercel route
 * handler (app/api/v1/[[...path]]/route.ts) and the self-hosted node server (server/node) call, so
 * the two serve identical answers. Multipart candidate creates are read here with a streaming size
 * limit and then run the same procedure as JSON. `publishAfterResponse` is called for writes: on
 * serverless it keeps the instance alive until the request's events are published.
 */
export async function handleApiV1Request(req: Request, publishAfterResponse: () => void): Promise<Response> {
  if (req.method !== "GET" && req.method !== "HEAD" && req.method !== "OPTIONS") publishAfterResponse();
  const response = await (isMultipartCandidateCreate(req) ? createCandidateFromMultipart(req) : handleRestRequest(req));
  return withBearerChallenge(req, response, "api/v1");
}
