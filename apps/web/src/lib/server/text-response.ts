/**
 * A Response whose body is a string this server wrote, with that string kept beside it, so `npm
 * start`'s server writes it as it is instead of reading the body stream back: undici's
 * `arrayBuffer()` (a stream reader, its promises and a copy) was ~3 % of a GET /candidates/{id}'s
 * CPU (bench --profile). Anything else reading the body (a route handler on Vercel, a test) sees an
 * ordinary Response.
 */
const texts = new WeakMap<Response, string>();

export function textResponse(text: string, init: ResponseInit): Response {
  const response = new Response(text, init);
  texts.set(response, text);
  return response;
}

/** The body `response` was made with by textResponse, or undefined. */
export function knownText(response: Response): string | undefined {
  return texts.get(response);
}
