import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { headerValue } from "./support/fuzz-arbitraries.ts";
import { embedData } from "../helpers/embed-data.ts";
import { expectEnvelope } from "./support/routes-app.ts";
import { anyMethod, forwardedFor, hostileSegment } from "./support/routes-arbitraries.ts";
import { type JobName, RUNS, show, useRoutesWorld } from "./support/routes-world.ts";

/**
 * Property: whatever arrives at the key-less job board — GET /api/public/companies/{slug}/jobs[/{id}],
 * the Indeed and JSON feeds, the company sitemap and the embed script — with any slug, job id, method and conditional
 * headers: never 5xx, our request id, the envelope on errors, CORS on the API's answers, only the
 * named company's open public jobs, and nothing written.
 *
 * FUZZ_RUNS (default 100) sets the runs per property; the world is support/routes-world.ts.
 */
const world = useRoutesWorld();
const { state, checkAnswer, send } = world;

type SlugChoice = { kind: "company"; of: "acme" | "other" } | { kind: "segment"; value: string };
type IdChoice = { kind: "job"; name: JobName } | { kind: "segment"; value: string };
type Target = "list" | "one" | "indeed" | "json" | "sitemap" | "embed";

const slugChoice: fc.Arbitrary<SlugChoice> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom<"acme" | "other">("acme", "other").map((of): SlugChoice => ({ kind: "company", of })) },
  { weight: 1, arbitrary: hostileSegment.map((value): SlugChoice => ({ kind: "segment", value })) },
);
const idChoice: fc.Arbitrary<IdChoice> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom<JobName>("acme", "questions", "inactive", "private", "other").map((name): IdChoice => ({ kind: "job", name })) },
  { weight: 1, arbitrary: hostileSegment.map((value): IdChoice => ({ kind: "segment", value })) },
);
const OPEN: Record<"acme" | "other", JobName[]> = { acme: ["acme", "questions"], other: ["other"] };

function pathOf(target: Target, slug: string, id: string): string {
  switch (target) {
    case "list":
      return `/api/public/companies/${slug}/jobs`;
    case "one":
      return `/api/public/companies/${slug}/jobs/${id}`;
    case "indeed":
      return `/careers/${slug}/feeds/indeed.xml`;
    case "json":
      return `/careers/${slug}/feeds/jobs.json`;
    case "sitemap":
      return `/careers/${slug}/sitemap.xml`;
    case "embed":
      return `/careers/${slug}/embed.js`;
  }
}

describe("the job board routes", () => {
  it("never 5xx; only the named company's open public jobs; 404 envelope otherwise; CORS on the API; writes nothing", async () => {
    const request = fc.record({
      target: fc.constantFrom<Target>("list", "one", "indeed", "json", "sitemap", "embed"),
      method: fc.oneof({ weight: 8, arbitrary: fc.constant("GET") }, { weight: 1, arbitrary: fc.constantFrom("HEAD", "OPTIONS") }, { weight: 1, arbitrary: anyMethod }),
      slug: slugChoice,
      id: idChoice,
      xff: forwardedFor,
      ifNoneMatch: fc.option(fc.oneof(headerValue, fc.constantFrom("*", '"x"', 'W/"x"', ",,")), { nil: undefined }),
      ifModifiedSince: fc.option(fc.oneof(headerValue, fc.constantFrom("Thu, 01 Jan 1970 00:00:00 GMT", "Fri, 31 Dec 9999 23:59:59 GMT", "yesterday")), { nil: undefined }),
    });
    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        const company = r.slug.kind === "company" ? r.slug.of : null;
        const slug = r.slug.kind === "company" ? world[r.slug.of].slug : r.slug.value;
        // A generated segment may still name a real job ("%31", "2"): what the route sees decides.
        const segmentId = r.id.kind === "segment" && /^[1-9][0-9]{0,9}$/.test(decodeURIComponent(r.id.value)) ? Number(decodeURIComponent(r.id.value)) : null;
        const jobId = r.id.kind === "job" ? world.jobs[r.id.name] : segmentId;
        const path = pathOf(r.target, slug, r.id.kind === "job" ? String(world.jobs[r.id.name]) : r.id.value);
        const api = r.target === "list" || r.target === "one";
        // OPTIONS of a route without its own handler is Next's business (the build answers 204), as in the other route fuzzers.
        const method = r.method === "OPTIONS" && !api ? "GET" : r.method;
        const before = await state();
        const sent = await send(method, path, { "x-forwarded-for": r.xff, "if-none-match": r.ifNoneMatch, "if-modified-since": r.ifModifiedSince });
        const context = `${method} ${path.slice(0, 300)} ${show(r)} → ${sent.status} ${sent.text.slice(0, 200)}`;
        const exported = api ? ["GET", "OPTIONS"] : ["GET"];
        checkAnswer(`job-board:${r.target}`, method, exported, sent, context);
        if (api && exported.includes(method)) expect(sent.headers.get("access-control-allow-origin"), context).toBe("*");
        if (method === "GET" || method === "HEAD") {
          const openIds = company ? OPEN[company].map((name) => world.jobs[name]) : [];
          const found = company !== null && (r.target !== "one" || (jobId !== null && openIds.includes(jobId)));
          if (!found) {
            expect(sent.status, context).toBe(404);
            if (method === "GET") expect(expectEnvelope(sent, context).code).toBe("not_found");
          } else {
            expect([200, 304], context).toContain(sent.status);
            expect(sent.headers.get("etag"), context).toMatch(/^"[^"]+"$/);
            if (sent.status === 200 && method === "GET") {
              if (r.target === "list") expect(JSON.parse(sent.text).data.map((j: { id: number }) => j.id).sort(), context).toEqual([...openIds].sort());
              if (r.target === "one") expect(JSON.parse(sent.text).data.id, context).toBe(jobId);
              if (r.target === "embed") expect(embedData(sent.text).jobs.map((j: { url: string }) => Number(j.url.split("/").pop())).sort(), context).toEqual([...openIds].sort());
              if (r.target === "json") expect(JSON.parse(sent.text).jobs.map((j: { referencenumber: string }) => Number(j.referencenumber)).sort(), context).toEqual([...openIds].sort());
            }
          }
        }
        expect(await state(), `${context}: a read wrote`).toEqual(before);
      }),
      { numRuns: RUNS, endOnFailure: true },
    );
  });
});
