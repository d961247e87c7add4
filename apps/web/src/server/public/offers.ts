import { acceptOfferInput, acceptOffer, AppError, declineOfferInput, declineOffer, getPublicOffer, limitOfferLinks } from "@hireflow/core";
import { getPrisma } from "@hireflow/db";
import { JSON_BODY_LIMIT, parseJsonBody, readBodyLimited } from "../rest/body.ts";
import { clientIp } from "@/lib/server/client-ip";

/**
 * /api/public/offers/{token}[/accept|/decline]: the candidate's answer to an offer, no API key (the
 * token is the credential). Transport only — rate limit, body decoding; the rules live in core's
 * offer module (answer.ts). Errors are thrown: the route turns them into the envelope.
 */
const NO_STORE = { "cache-control": "no-store", "referrer-policy": "no-referrer" };

async function jsonBody(req: Request): Promise<unknown> {
  const type = req.headers.get("content-type") ?? "";
  if (!/^application\/json\s*(;|$)/i.test(type)) throw new AppError("bad_request", "The request body must be JSON (content-type: application/json)");
  return parseJsonBody(await readBodyLimited(req, JSON_BODY_LIMIT));
}

export async function answerOfferGet(req: Request, token: string): Promise<Response> {
  await limitOfferLinks(clientIp(req));
  return Response.json({ data: await getPublicOffer(getPrisma(), token) }, { headers: NO_STORE });
}

export async function answerOfferAccept(req: Request, token: string): Promise<Response> {
  await limitOfferLinks(clientIp(req));
  const input = acceptOfferInput.parse(await jsonBody(req));
  const data = await acceptOffer(getPrisma(), token, input, { ip: clientIp(req), userAgent: req.headers.get("user-agent") });
  return Response.json({ data }, { headers: NO_STORE });
}

export async function answerOfferDecline(req: Request, token: string): Promise<Response> {
  await limitOfferLinks(clientIp(req));
  const input = declineOfferInput.parse(await jsonBody(req));
  return Response.json({ data: await declineOffer(getPrisma(), token, input) }, { headers: NO_STORE });
}
