import http from "node:http";
import https from "node:https";
import { isIP } from "node:net";
import { allowPrivateWebhookUrls, guardedLookup, isBlockedAddress } from "@hireflow/core";
import { RESPONSE_EXCERPT_BYTES } from "./config.ts";

/** What one POST to a receiver came to. Never throws: every failure is an outcome to record. */
export interface PostOutcome {
  statusCode: number | null;
  error: string | null;
  responseMs: number;
  /** The first 1 KB of the response body. */
  excerpt: string | null;
  /** Parsed Retry-After (seconds or HTTP date), in milliseconds from now. */
  retryAfterMs: number | null;
}

export function parseRetryAfter(value: string | undefined, now = Date.now()): number | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/**
 * One keep-alive agent per receiver origin: a burst of deliveries to one endpoint reuses its
 * connections instead of a TCP (and TLS) handshake per attempt, on both sides. The SSRF guard still
 * holds: a connection is only ever opened through guardedLookup, so a pooled socket is one to an
 * address that was checked when it connected, and a name that later resolves elsewhere reaches a new
 * connection only through the check again. Idle sockets close after a few seconds; the least recently
 * used agents are closed beyond MAX_AGENTS.
 */
const MAX_AGENTS = 500;
// Below the keep-alive timeout receivers commonly use (Node's 5 s, load balancers' 60 s), so we
// close an idle connection before the receiver does, rarely at the same moment.
const IDLE_SOCKET_MS = 2_000;
const agents = new Map<string, http.Agent>();

function agentFor(url: URL, allowPrivate: boolean): http.Agent {
  const key = `${url.protocol}//${url.host}|${allowPrivate ? "private" : "public"}`;
  let agent = agents.get(key);
  if (agent) {
    agents.delete(key);
  } else {
    const options = { keepAlive: true, maxSockets: 64, maxFreeSockets: 16, timeout: IDLE_SOCKET_MS, scheduling: "lifo" as const };
    agent = url.protocol === "https:" ? new https.Agent(options) : new http.Agent(options);
    if (agents.size >= MAX_AGENTS) {
      const [oldest, evicted] = agents.entries().next().value!;
      agents.delete(oldest);
      evicted.destroy();
    }
  }
  agents.set(key, agent);
  return agent;
}

/** Closes every pooled connection (tests, shutdown). */
export function closeWebhookConnections(): void {
  for (const agent of agents.values()) agent.destroy();
  agents.clear();
}

/** Why a URL may not be fetched right now, or null. Names are checked at connect time (guardedLookup). */
function refusal(url: URL, allowPrivate: boolean): string | null {
  if (url.protocol !== "https:" && url.protocol !== "http:") return "Unsupported URL scheme";
  if (allowPrivate) return null;
  if (url.protocol !== "https:") return "The URL must use https";
  const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
  if (isIP(host) && isBlockedAddress(host)) return `${host} is a blocked address`;
  return null;
}

function describe(error: unknown, timeoutMs: number, signal: AbortSignal): string {
  if (signal.aborted) return `Timed out after ${timeoutMs} ms`;
  const e = error as { code?: string; message?: string; name?: string };
  return e.code ? `${e.code}: ${e.message ?? ""}`.trim() : (e.message ?? String(error));
}

/**
 * POSTs `body` once: no redirects followed, the response body read up to 1 KB, the whole exchange
 * bounded by `timeoutMs`. Unless private URLs are allowed, https only and every resolved address
 * is checked in the connection's own lookup (DNS rebinding cannot slip past a separate check).
 */
export function postWebhook(target: string, headers: Record<string, string>, body: string, timeoutMs: number): Promise<PostOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const failed = (error: string): PostOutcome => ({ statusCode: null, error, responseMs: elapsed(), excerpt: null, retryAfterMs: null });
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return Promise.resolve(failed("Invalid URL"));
  }
  const allowPrivate = allowPrivateWebhookUrls();
  const refused = refusal(url, allowPrivate);
  if (refused) return Promise.resolve(failed(refused));

  const signal = AbortSignal.timeout(timeoutMs);
  const client = url.protocol === "https:" ? https : http;
  return new Promise<PostOutcome>((resolve) => {
    let settled = false;
    const finish = (outcome: PostOutcome) => {
      if (settled) return;
      settled = true;
      resolve(outcome);
    };
    const send = (mayRetryStale: boolean) => {
      const request = client.request(
        url,
        {
          method: "POST",
          headers: { ...headers, "content-length": String(Buffer.byteLength(body)) },
          signal,
          agent: agentFor(url, allowPrivate),
          // Used for every new connection of the agent (a reused one was checked when it connected).
          ...(allowPrivate ? {} : { lookup: guardedLookup }),
        },
        (response) => {
          const chunks: Buffer[] = [];
          let size = 0;
          const done = () => {
            const excerpt = Buffer.concat(chunks).subarray(0, RESPONSE_EXCERPT_BYTES).toString("utf8").replaceAll("\u0000", ""); // PostgreSQL text cannot hold NUL
            const retryAfter = response.headers["retry-after"];
            finish({ statusCode: response.statusCode ?? null, error: null, responseMs: elapsed(), excerpt, retryAfterMs: parseRetryAfter(Array.isArray(retryAfter) ? retryAfter[0] : retryAfter) });
          };
          response.on("data", (chunk: Buffer) => {
            chunks.push(chunk);
            size += chunk.length;
            // Enough kept: the rest of a long body is not read, and its connection is not reused.
            if (size >= RESPONSE_EXCERPT_BYTES) {
              done();
              response.destroy();
            }
          });
          // Read to its end, the connection goes back to the agent for the next delivery.
          response.on("end", done);
          // The status arrived in time; a body cut off by the timeout still leaves a usable answer.
          response.on("error", done);
          response.on("aborted", done);
        },
      );
      request.on("error", (error: NodeJS.ErrnoException) => {
        // A pooled connection the receiver closed while it sat idle (its keep-alive timeout ended just as
        // we took it): nothing was answered, so the request goes once more on a connection of its own,
        // as Node's documentation advises, instead of counting as a failed attempt.
        if (mayRetryStale && request.reusedSocket && !signal.aborted && (error.code === "ECONNRESET" || error.code === "EPIPE")) send(false);
        else finish(failed(describe(error, timeoutMs, signal)));
      });
      request.end(body);
    };
    send(true);
  });
}
