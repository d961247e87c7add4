import http from "node:http";
import type { AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createFeedCache } from "../../src/modules/scheduling/feed-cache.ts";
import { CalendarFeedError } from "../../src/modules/scheduling/feed-error.ts";
import { busyFeedLoader, fetchCalendarFeed, feedCacheKey } from "../../src/modules/scheduling/feed-fetch.ts";

/**
 * Fetching a member's calendar feed from a local HTTP server (issue #42: through the outbound URL
 * guard, with the webhook URLs' test switch), and the in-process cache that keeps the last good copy.
 */

const FEED = ["BEGIN:VCALENDAR", "VERSION:2.0", "BEGIN:VEVENT", "UID:a", "DTSTART:20260324T090000Z", "DTEND:20260324T100000Z", "END:VEVENT", "END:VCALENDAR", ""].join("\r\n");

let server: http.Server;
let base: string;
let hits = 0;

beforeAll(async () => {
  server = http.createServer((request, response) => {
    hits++;
    const path = request.url ?? "/";
    if (path === "/feed.ics") {
      response.writeHead(200, { "content-type": "text/calendar; charset=utf-8" });
      response.end(FEED);
    } else if (path === "/gzip.ics") {
      response.writeHead(200, { "content-type": "text/calendar", "content-encoding": "gzip" });
      response.end(gzipSync(FEED));
    } else if (path.startsWith("/hop/")) {
      const left = Number(path.slice(5));
      response.writeHead(302, { location: left > 1 ? `/hop/${left - 1}` : "/feed.ics" });
      response.end();
    } else if (path === "/big.ics") {
      // No content-length: the cap must hold while streaming.
      response.writeHead(200, { "content-type": "text/calendar" });
      const chunk = `X-FILL:${"x".repeat(64 * 1024)}\r\n`;
      response.write("BEGIN:VCALENDAR\r\n");
      let sent = 0;
      const pump = () => {
        while (sent < 40) {
          sent++;
          if (!response.write(chunk)) return void response.once("drain", pump);
        }
        response.end("END:VCALENDAR\r\n");
      };
      pump();
    } else if (path === "/declared-big.ics") {
      response.writeHead(200, { "content-type": "text/calendar", "content-length": String(3 * 1024 * 1024) });
      response.end("BEGIN:VCALENDAR\r\n");
    } else if (path === "/login") {
      response.writeHead(200, { "content-type": "text/html" });
      response.end("<!doctype html><title>Sign in</title>");
    } else if (path === "/slow.ics") {
      // Never answers; the fetch's deadline must end it.
    } else {
      response.writeHead(404);
      response.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

async function failure(promise: Promise<unknown>): Promise<CalendarFeedError> {
  try {
    await promise;
  } catch (error) {
    expect(CalendarFeedError.isInstance(error), String(error)).toBe(true);
    return error as CalendarFeedError;
  }
  throw new Error("expected the fetch to fail");
}

describe("fetchCalendarFeed", () => {
  it("fetches a feed, and a gzip-encoded one", async () => {
    expect(await fetchCalendarFeed(`${base}/feed.ics`)).toBe(FEED);
    expect(await fetchCalendarFeed(`${base}/gzip.ics`)).toBe(FEED);
  });

  it("follows up to three redirects and refuses a fourth", async () => {
    expect(await fetchCalendarFeed(`${base}/hop/3`)).toBe(FEED);
    const error = await failure(fetchCalendarFeed(`${base}/hop/4`));
    expect(error.kind).toBe("http_status");
    expect(error.message).toBe("The calendar server redirected more than 3 times");
  });

  it("stops reading past the size cap, streamed or declared", async () => {
    expect((await failure(fetchCalendarFeed(`${base}/big.ics`))).kind).toBe("too_large");
    expect((await failure(fetchCalendarFeed(`${base}/declared-big.ics`))).message).toBe("The calendar feed is larger than 2 MB");
  });

  it("says so when the address serves something else, or an error", async () => {
    const html = await failure(fetchCalendarFeed(`${base}/login`));
    expect(html.kind).toBe("not_icalendar");
    expect(html.message).toBe("The address does not serve an iCalendar feed (it answered text/html)");
    expect((await failure(fetchCalendarFeed(`${base}/gone.ics`))).message).toBe("The calendar server answered HTTP 404");
    expect((await failure(fetchCalendarFeed("not a url"))).kind).toBe("invalid_url");
    expect((await failure(fetchCalendarFeed("ftp://example.com/feed.ics"))).kind).toBe("invalid_url");
  });

  it("gives up after its deadline", async () => {
    const error = await failure(fetchCalendarFeed(`${base}/slow.ics`, { timeoutMs: 150 }));
    expect(error.kind).toBe("timeout");
    expect(error.message).toBe("The calendar server did not answer within 0.2 s");
  });

  describe("when private addresses are not allowed", () => {
    const saved = process.env.WEBHOOKS_ALLOW_PRIVATE_URLS;
    afterEach(() => {
      if (saved === undefined) delete process.env.WEBHOOKS_ALLOW_PRIVATE_URLS;
      else process.env.WEBHOOKS_ALLOW_PRIVATE_URLS = saved;
    });

    it("refuses http, loopback literals, and names that resolve to loopback (webcal:// is https)", async () => {
      process.env.WEBHOOKS_ALLOW_PRIVATE_URLS = "0";
      const port = (server.address() as AddressInfo).port;
      const before = hits;
      expect((await failure(fetchCalendarFeed(`${base}/feed.ics`))).message).toBe("The calendar address must be an https (or webcal) URL");
      const literal = await failure(fetchCalendarFeed(`https://127.0.0.1:${port}/feed.ics`));
      expect(literal.kind).toBe("blocked_address");
      const named = await failure(fetchCalendarFeed(`webcal://localhost:${port}/feed.ics`));
      expect(named.kind).toBe("blocked_address");
      expect(named.message).toBe("The calendar address points to a loopback, private, link-local or metadata address");
      expect((await failure(fetchCalendarFeed(`https://user:secret@example.com/feed.ics`))).kind).toBe("invalid_url");
      expect(hits).toBe(before);
    });
  });
});

describe("createFeedCache", () => {
  const busy = (hour: number) => [{ start: new Date(Date.UTC(2026, 2, 24, hour)), end: new Date(Date.UTC(2026, 2, 24, hour + 1)) }];
  const MINUTE = 60_000;

  function setup() {
    let clock = Date.UTC(2026, 2, 24, 8);
    const cache = createFeedCache({ ttlMs: 5 * MINUTE, staleAfterMs: 24 * 60 * MINUTE, now: () => clock });
    return { cache, tick: (ms: number) => (clock += ms), now: () => clock };
  }

  it("serves a fresh copy without loading again, and loads again after the TTL", async () => {
    const { cache, tick } = setup();
    let loads = 0;
    const load = async () => busy(9 + loads++);
    const first = await cache.get("k", load);
    expect(first).toEqual({ busy: busy(9), fetchedAt: new Date(Date.UTC(2026, 2, 24, 8)), stale: false });
    tick(4 * MINUTE);
    expect((await cache.get("k", load)).busy).toEqual(busy(9));
    expect(loads).toBe(1);
    tick(MINUTE);
    const second = await cache.get("k", load);
    expect(loads).toBe(2);
    expect(second.busy).toEqual(busy(10));
    expect(second.fetchedAt).toEqual(new Date(Date.UTC(2026, 2, 24, 8, 5)));
  });

  it("keeps the last good copy when a fetch fails, and says why", async () => {
    const { cache, tick } = setup();
    await cache.get("k", async () => busy(9));
    tick(10 * MINUTE);
    const failed = await cache.get("k", async () => {
      throw new CalendarFeedError("http_status", "The calendar server answered HTTP 503");
    });
    expect(failed).toEqual({
      busy: busy(9),
      fetchedAt: new Date(Date.UTC(2026, 2, 24, 8)),
      stale: false,
      error: "The calendar server answered HTTP 503",
      failedAt: new Date(Date.UTC(2026, 2, 24, 8, 10)),
    });
    // A failure is remembered for the TTL too: a dead server is not asked on every request.
    let asked = false;
    tick(MINUTE);
    expect((await cache.get("k", async () => ((asked = true), busy(11)))).error).toBe("The calendar server answered HTTP 503");
    expect(asked).toBe(false);
    // Other errors are not shown as they are.
    tick(5 * MINUTE);
    expect((await cache.get("k", async () => Promise.reject(new TypeError("x is undefined")))).error).toBe("The calendar feed could not be read");
  });

  it("does not use a good copy older than a day: busy is empty and marked stale", async () => {
    const { cache, tick } = setup();
    await cache.get("k", async () => busy(9));
    tick(24 * 60 * MINUTE + 1);
    const result = await cache.get("k", async () => {
      throw new CalendarFeedError("timeout", "The calendar server did not answer within 5 s");
    });
    expect(result).toEqual({
      busy: [],
      fetchedAt: new Date(Date.UTC(2026, 2, 24, 8)),
      stale: true,
      error: "The calendar server did not answer within 5 s",
      failedAt: new Date(Date.UTC(2026, 2, 25, 8, 0, 0, 1)),
    });
    // Recovers with the next good fetch.
    tick(5 * MINUTE);
    expect(await cache.get("k", async () => busy(12))).toMatchObject({ busy: busy(12), stale: false });
    expect(cache.peek("k")?.error).toBeUndefined();
  });

  it("reports a feed that never loaded as stale with its error", async () => {
    const { cache } = setup();
    expect(cache.peek("k")).toBeNull();
    const result = await cache.get("k", async () => {
      throw new CalendarFeedError("not_icalendar", "The address does not serve an iCalendar feed");
    });
    expect(result).toMatchObject({ busy: [], fetchedAt: null, stale: true, error: "The address does not serve an iCalendar feed" });
  });

  it("shares one load among concurrent gets of a key", async () => {
    const { cache } = setup();
    let loads = 0;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const load = async () => {
      loads++;
      await gate;
      return busy(9);
    };
    const all = Promise.all([cache.get("k", load), cache.get("k", load), cache.get("k", load)]);
    release();
    const results = await all;
    expect(loads).toBe(1);
    expect(results.map((r) => r.busy)).toEqual([busy(9), busy(9), busy(9)]);
  });

  it("loads a feed from the local server through busyFeedLoader", async () => {
    const { cache } = setup();
    const url = `${base}/feed.ics`;
    const result = await cache.get(feedCacheKey(url, "Europe/Berlin"), busyFeedLoader(url, "Europe/Berlin", { now: () => new Date("2026-03-23T00:00:00Z") }));
    expect(result.stale).toBe(false);
    expect(result.busy).toEqual([{ start: new Date("2026-03-24T09:00:00Z"), end: new Date("2026-03-24T10:00:00Z") }]);
  });
});
