import http from "node:http";
import https from "node:https";
import { isIP } from "node:net";
import { createBrotliDecompress, createGunzip, createInflate } from "node:zlib";
import { allowPrivateWebhookUrls, guardedLookup, isBlockedAddress } from "../../kernel/outbound-url.ts";
import { parseBusyFeed } from "./busy-feed.ts";
import { CalendarFeedError } from "./feed-error.ts";
import type { BusyInterval } from "./slots.ts";

/**
 * Fetches a member's calendar feed (busy_calendar_url). The address is given by a user and fetched by
 * our servers, so it goes through the webhook guard like the client metadata documents do
 * (identity/oauth/metadata-document.ts): https only, every resolved address checked inside the
 * connection's own lookup, and the same switch for local receivers (WEBHOOKS_ALLOW_PRIVATE_URLS, on
 * in development and tests). Unlike those documents, calendar servers redirect (Outlook does), so up
 * to MAX_REDIRECTS are followed, each checked again. `webcal://` is how both calendars publish the
 * address; it is https. The whole fetch, redirects included, has one deadline, and the body one size
 * cap, counted after decompression (gzip is accepted: feeds compress about tenfold).
 */

export const FEED_TIMEOUT_MS = 5_000;
export const FEED_MAX_BYTES = 2 * 1024 * 1024;
export const MAX_REDIRECTS = 3;

export interface FetchFeedOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
  maxBytes?: number;
}

const fail = (kind: CalendarFeedError["kind"], message: string, cause?: unknown) => new CalendarFeedError(kind, message, { cause });
const BLOCKED = "The calendar address points to a loopback, private, link-local or metadata address";

/** The feed's text; throws CalendarFeedError with a message fit for the member's page. */
export async function fetchCalendarFeed(url: string, options: FetchFeedOptions = {}): Promise<string> {
  const timeoutMs = options.timeoutMs ?? FEED_TIMEOUT_MS;
  const maxBytes = options.maxBytes ?? FEED_MAX_BYTES;
  const allowPrivate = allowPrivateWebhookUrls();
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  const abortReason = () =>
    timeout.aborted ? fail("timeout", `The calendar server did not answer within ${Math.round(timeoutMs / 100) / 10} s`) : fail("aborted", "Fetching the calendar was cancelled");

  let target = checkedUrl(url, null, allowPrivate);
  for (let redirects = 0; ; redirects++) {
    if (signal.aborted) throw abortReason();
    const answer = await get(target, { allowPrivate, signal, maxBytes, abortReason });
    if (answer.kind === "body") return icalendarText(answer.body, answer.contentType);
    if (redirects >= MAX_REDIRECTS) throw fail("http_status", `The calendar server redirected more than ${MAX_REDIRECTS} times`);
    target = checkedUrl(answer.location, target, allowPrivate);
  }
}

/** Parses and checks an address (or a redirect's Location against the URL that sent it). */
function checkedUrl(raw: string, base: URL | null, allowPrivate: boolean): URL {
  let url: URL;
  try {
    url = base ? new URL(raw, base) : new URL(raw.trim());
  } catch {
    throw fail("invalid_url", base ? "The calendar server redirected to an invalid address" : "The calendar address is not a valid URL");
  }
  if (url.protocol === "webcal:" || url.protocol === "webcals:") url = new URL(`https:${url.href.slice(url.protocol.length)}`);
  if (url.username || url.password) throw fail("invalid_url", "The calendar address must not contain a user name or password");
  if (url.protocol !== "https:" && !(allowPrivate && url.protocol === "http:")) {
    throw fail("invalid_url", base ? "The calendar server redirected to an address that is not https" : "The calendar address must be an https (or webcal) URL");
  }
  const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
  // A literal address is connected to without a lookup, so guardedLookup would never see it.
  if (!allowPrivate && isIP(host) && isBlockedAddress(host)) throw fail("blocked_address", BLOCKED);
  url.hash = "";
  return url;
}

type Answer = { kind: "body"; body: string; contentType: string } | { kind: "redirect"; location: string };

function get(url: URL, o: { allowPrivate: boolean; signal: AbortSignal; maxBytes: number; abortReason: () => CalendarFeedError }): Promise<Answer> {
  const client = url.protocol === "https:" ? https : http;
  return new Promise<Answer>((resolve, reject) => {
    let settled = false;
    const settle = (fn: () => void) => {
      if (!settled) {
        settled = true;
        fn();
      }
    };
    const request = client.request(
      url,
      {
        method: "GET",
        headers: { accept: "text/calendar, text/plain;q=0.5, */*;q=0.1", "accept-encoding": "gzip, deflate, br", "user-agent": "Hireflow-Calendar/1.0" },
        signal: o.signal,
        agent: false,
        ...(o.allowPrivate ? {} : { lookup: guardedLookup }),
      },
      (response) => {
        const status = response.statusCode ?? 0;
        const location = response.headers.location;
        if ([301, 302, 303, 307, 308].includes(status) && location) {
          response.resume();
          return settle(() => resolve({ kind: "redirect", location }));
        }
        if (status !== 200) {
          response.resume();
          return settle(() => reject(fail("http_status", `The calendar server answered HTTP ${status}`)));
        }
        const declared = Number(response.headers["content-length"]);
        if (Number.isFinite(declared) && declared > o.maxBytes) {
          settle(() => reject(tooLarge(o.maxBytes)));
          return request.destroy();
        }
        const stream = decoded(response, response.headers["content-encoding"]);
        if (!stream) {
          settle(() => reject(fail("not_icalendar", "The calendar server answered in an encoding we cannot read")));
          return request.destroy();
        }
        const chunks: Buffer[] = [];
        let size = 0;
        stream.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size > o.maxBytes) {
            // Settled first: destroying the request makes the response report an abort at once.
            settle(() => reject(tooLarge(o.maxBytes)));
            request.destroy();
            stream.destroy();
            return;
          }
          chunks.push(chunk);
        });
        stream.on("end", () => settle(() => resolve({ kind: "body", body: Buffer.concat(chunks).toString("utf8"), contentType: String(response.headers["content-type"] ?? "") })));
        stream.on("error", (error) => settle(() => reject(o.signal.aborted ? o.abortReason() : fail("network", "The calendar server's answer broke off", error))));
        response.on("close", () => {
          if (!response.complete) settle(() => reject(o.signal.aborted ? o.abortReason() : fail("network", "The calendar server's answer broke off")));
        });
      },
    );
    request.on("error", (error: Error & { code?: string }) => {
      settle(() => {
        if (o.signal.aborted) reject(o.abortReason());
        else if (error.code === "EBLOCKEDADDRESS") reject(fail("blocked_address", BLOCKED, error));
        else if (error.code === "ENOTFOUND" || error.code === "EAI_AGAIN") reject(fail("network", "The calendar server's name does not resolve", error));
        else reject(fail("network", "The calendar server could not be reached", error));
      });
    });
    request.end();
  });
}

function decoded(response: http.IncomingMessage, encoding: string | undefined): NodeJS.ReadableStream & { destroy(): void } | null {
  const name = (encoding ?? "identity").trim().toLowerCase();
  if (name === "identity" || name === "") return response;
  const decoder = name === "gzip" || name === "x-gzip" ? createGunzip() : name === "deflate" ? createInflate() : name === "br" ? createBrotliDecompress() : null;
  if (!decoder) return null;
  response.on("error", (error) => decoder.destroy(error));
  return response.pipe(decoder);
}

function tooLarge(maxBytes: number): CalendarFeedError {
  return fail("too_large", `The calendar feed is larger than ${Math.round((maxBytes / 1024 / 1024) * 10) / 10} MB`);
}

function icalendarText(body: string, contentType: string): string {
  const text = body.replace(/^\uFEFF/, "");
  if (!/^\s*BEGIN:VCALENDAR/i.test(text)) {
    const kind = contentType.split(";")[0]!.trim();
    throw fail("not_icalendar", `The address does not serve an iCalendar feed${kind ? ` (it answered ${kind.slice(0, 60)})` : ""}`);
  }
  return text;
}

/** How far ahead a cached feed is read: longer than any link's window, so one copy serves them all. */
export const FEED_HORIZON_DAYS = 62;

/**
 * The load function for createFeedCache (feed-cache.ts): fetch, then parse from a day before `now`
 * to FEED_HORIZON_DAYS after it in the member's zone. Floating and all-day times depend on that zone,
 * so the cache key must name it as well as the URL: feedCacheKey.
 */
export function busyFeedLoader(url: string, memberTimeZone: string, options: { now: () => Date; horizonDays?: number; fetch?: FetchFeedOptions }): () => Promise<BusyInterval[]> {
  return async () => {
    const text = await fetchCalendarFeed(url, options.fetch);
    const now = options.now().getTime();
    const window = { from: new Date(now - 86_400_000), to: new Date(now + (options.horizonDays ?? FEED_HORIZON_DAYS) * 86_400_000) };
    return parseBusyFeed(text, window, memberTimeZone).busy;
  };
}

export function feedCacheKey(url: string, memberTimeZone: string): string {
  return `${memberTimeZone} ${url}`;
}
