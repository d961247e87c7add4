import { AppError, bookSlot, bookSlotInput, cancelBooking, getPublicSchedulingLink, getPublicSlots, limitSchedulingLinks, rescheduleSlot, slotsQuerySchema } from "@hireflow/core";
import { getPrisma } from "@hireflow/db";
import { JSON_BODY_LIMIT, parseJsonBody, readBodyLimited } from "../rest/body.ts";
import { clientIp } from "@/lib/server/client-ip";

/**
 * /api/public/scheduling/{token}[/slots|/book|/reschedule|/cancel]: the candidate's side of a
 * scheduling link, no API key (the token is the credential). Transport only — rate limit, query and
 * body decoding; the rules live in core's scheduling module (booking.ts).
 */
const NO_STORE = { "cache-control": "no-store", "referrer-policy": "no-referrer" };

async function jsonBody(req: Request): Promise<unknown> {
  const type = req.headers.get("content-type") ?? "";
  if (!/^application\/json\s*(;|$)/i.test(type)) throw new AppError("bad_request", "The request body must be JSON (content-type: application/json)");
  return parseJsonBody(await readBodyLimited(req, JSON_BODY_LIMIT));
}

export async function schedulingLinkGet(req: Request, token: string): Promise<Response> {
  await limitSchedulingLinks(clientIp(req));
  return Response.json({ data: await getPublicSchedulingLink(getPrisma(), token) }, { headers: NO_STORE });
}

export async function schedulingSlotsGet(req: Request, token: string): Promise<Response> {
  await limitSchedulingLinks(clientIp(req));
  const params = new URL(req.url).searchParams;
  const query = slotsQuerySchema.parse(Object.fromEntries(params));
  return Response.json({ data: await getPublicSlots(getPrisma(), token, query.time_zone) }, { headers: NO_STORE });
}

export async function schedulingBook(req: Request, token: string, action: "book" | "reschedule"): Promise<Response> {
  await limitSchedulingLinks(clientIp(req));
  const input = bookSlotInput.parse(await jsonBody(req));
  const data = action === "book" ? await bookSlot(getPrisma(), token, input) : await rescheduleSlot(getPrisma(), token, input);
  return Response.json({ data }, { status: action === "book" ? 201 : 200, headers: NO_STORE });
}

export async function schedulingCancel(req: Request, token: string): Promise<Response> {
  await limitSchedulingLinks(clientIp(req));
  return Response.json({ data: await cancelBooking(getPrisma(), token) }, { headers: NO_STORE });
}
