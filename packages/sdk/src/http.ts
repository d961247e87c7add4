import { HireflowError } from "./errors.ts";

export interface ClientOptions {
  /** An API key (`hf_live_…`), from Settings → API keys. */
  apiKey: string;
  /** The app's origin, e.g. `https://hireflow.example.com`; requests go to `<baseUrl>/api/v1`. */
  baseUrl: string;
  /** Retries after 429, 5xx, a timeout or a network error (default 2). */
  maxRetries?: number;
  /** Per-attempt timeout in milliseconds (default 30 000). */
  timeout?: number;
  /** A fetch implementation (default: the global fetch). */
  fetch?: typeof fetch;
}

/** Options every method takes as its last argument. */
export interface RequestOptions {
  /** Sent as `Idempotency-Key` on POST; by default each call generates one and reuses it on its retries. */
  idempotencyKey?: string;
  maxRetries?: number;
  timeout?: number;
  signal?: AbortSignal;
}

export type Query = Record<string, string | number | boolean | undefined | null>;

export interface HttpRequest {
  method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE";
  path: string;
  query?: Query;
  /** A JSON value, or a FormData that is encoded once so every retry sends the same bytes. */
  body?: unknown;
}

const RETRIED_STATUS = new Set([408, 429, 500, 502, 503, 504]);
const BASE_DELAY_MS = 500;
const MAX_DELAY_MS = 8_000;
/** A Retry-After longer than this is not waited out: the error is thrown instead. */
const MAX_RETRY_AFTER_MS = 60_000;

export class HttpClient {
  readonly #apiKey: string;
  readonly #apiUrl: string;
  readonly #maxRetries: number;
  readonly #timeout: number;
  readonly #fetch: typeof fetch;

  constructor(options: ClientOptions) {
    if (!options?.apiKey) throw new TypeError("Hireflow: apiKey is required");
    if (!options.baseUrl) throw new TypeError("Hireflow: baseUrl is required (the app's origin, e.g. https://hireflow.example.com)");
    this.#apiKey = options.apiKey;
    this.#apiUrl = `${options.baseUrl.replace(/\/+$/, "")}/api/v1`;
    this.#maxRetries = options.maxRetries ?? 2;
    this.#timeout = options.timeout ?? 30_000;
    this.#fetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  }

  /** Sends the request (retrying what is safe to retry) and returns the parsed JSON body, or undefined for 204. */
  async request<T>(request: HttpRequest, options: RequestOptions = {}): Promise<T> {
    const url = this.#url(request.path, request.query);
    const headers: Record<string, string> = { authorization: `Bearer ${this.#apiKey}`, accept: "application/json" };
    let body: BodyInit | undefined;
    if (request.body instanceof FormData) {
      // Encoded once: a retry must carry the very same request (boundary included).
      const encoded = new Response(request.body);
      headers["content-type"] = encoded.headers.get("content-type")!;
      body = new Uint8Array(await encoded.arrayBuffer());
    } else if (request.body !== undefined) {
      headers["content-type"] = "application/json";
      body = JSON.stringify(request.body);
    }
    // POST is the only method that is not idempotent by itself; the key makes its retries safe.
    if (request.method === "POST") headers["idempotency-key"] = options.idempotencyKey ?? crypto.randomUUID();

    const maxRetries = options.maxRetries ?? this.#maxRetries;
    const timeout = options.timeout ?? this.#timeout;
    for (let attempt = 0; ; attempt++) {
      let response: Response;
      try {
        response = await this.#send(url, { method: request.method, headers, body }, timeout, options.signal);
      } catch (error) {
        if (options.signal?.aborted) throw error;
        const failure = error instanceof HireflowError ? error : connectionError(error);
        if (attempt >= maxRetries) throw failure;
        await sleep(backoff(attempt), options.signal);
        continue;
      }
      if (response.ok) {
        if (response.status === 204) return undefined as T;
        return (await response.json()) as T;
      }
      const error = await HireflowError.fromResponse(response);
      const retryAfter = retryAfterMs(response.headers.get("retry-after"));
      const wait = retryAfter ?? backoff(attempt);
      if (!retryable(response.status, retryAfter) || attempt >= maxRetries || wait > MAX_RETRY_AFTER_MS) throw error;
      await sleep(wait, options.signal);
    }
  }

  async #send(url: string, init: RequestInit, timeout: number, signal: AbortSignal | undefined): Promise<Response> {
    const timer = AbortSignal.timeout(timeout);
    try {
      return await this.#fetch(url, { ...init, signal: signal ? AbortSignal.any([signal, timer]) : timer });
    } catch (error) {
      if (timer.aborted && !signal?.aborted) {
        throw new HireflowError({ status: 0, code: "timeout", message: `No response within ${timeout} ms`, cause: error });
      }
      throw error;
    }
  }

  #url(path: string, query: Query | undefined): string {
    const url = new URL(this.#apiUrl + path);
    for (const [name, value] of Object.entries(query ?? {})) {
      if (value !== undefined && value !== null) url.searchParams.set(name, String(value));
    }
    return url.toString();
  }
}

/** 429 and 5xx; a 409 only with Retry-After (the API's "this Idempotency-Key's first request is still running"). */
function retryable(status: number, retryAfter: number | undefined): boolean {
  return RETRIED_STATUS.has(status) || (status === 409 && retryAfter !== undefined);
}

function connectionError(error: unknown): HireflowError {
  const reason = error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error);
  return new HireflowError({ status: 0, code: "connection_error", message: `Could not reach the Hireflow API: ${reason}`, cause: error });
}

/** Exponential backoff with full jitter: 0.5 s, 1 s, 2 s … at most 8 s. */
function backoff(attempt: number): number {
  return Math.random() * Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** attempt);
}

/** Retry-After as seconds or an HTTP date. */
function retryAfterMs(header: string | null): number | undefined {
  if (!header) return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}
