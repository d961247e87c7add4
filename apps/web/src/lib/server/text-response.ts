/**
 * A Response whose body is a string this server wrote. It is made without a body and keeps the string
 * beside it: undici builds a ReadableStream for every body given to `new Response`, which was most of
 * the cost of answering (bench micro-benchmark: 28 µs for a small JSON document against 2 µs without
 * the stream), and `npm start`'s server writes the string as it is (knownText) instead of reading the
 * stream back — undici's `arrayBuffer()` was ~3 % of a GET /candidates/{id}'s CPU (bench --profile).
 * Anything that reads the body (a route handler's answer on Vercel, a test, a clone) gets an ordinary
 * Response's body, made from the string the first time it is asked for.
 */
class TextResponse extends Response {
  readonly #text: string;
  #withBody: Response | undefined;

  constructor(text: string, init: ResponseInit) {
    super(null, init);
    this.#text = text;
    // What `new Response(text)` would have said of a string body.
    if (!this.headers.has("content-type")) this.headers.set("content-type", "text/plain;charset=UTF-8");
  }

  get knownText(): string {
    return this.#text;
  }

  /** The same answer as an ordinary Response, for reading its body (made once, from the headers as they are then). */
  #materialized(): Response {
    this.#withBody ??= new Response(this.#text, { status: this.status, statusText: this.statusText, headers: this.headers });
    return this.#withBody;
  }

  override get body(): ReadableStream<Uint8Array<ArrayBuffer>> | null {
    return this.#materialized().body;
  }

  override get bodyUsed(): boolean {
    return this.#withBody?.bodyUsed ?? false;
  }

  override text(): Promise<string> {
    return this.#materialized().text();
  }

  override json(): Promise<unknown> {
    return this.#materialized().json();
  }

  override arrayBuffer(): Promise<ArrayBuffer> {
    return this.#materialized().arrayBuffer();
  }

  override blob(): Promise<Blob> {
    return this.#materialized().blob();
  }

  override bytes(): Promise<Uint8Array<ArrayBuffer>> {
    return this.#materialized().bytes();
  }

  override formData(): Promise<FormData> {
    return this.#materialized().formData();
  }

  override clone(): Response {
    if (this.#withBody?.bodyUsed) return this.#withBody.clone();
    return new TextResponse(this.#text, { status: this.status, statusText: this.statusText, headers: new Headers(this.headers) });
  }
}

export function textResponse(text: string, init: ResponseInit): Response {
  return new TextResponse(text, init);
}

/** The body `response` was made with by textResponse, or undefined. */
export function knownText(response: Response): string | undefined {
  return response instanceof TextResponse ? response.knownText : undefined;
}
