import { randomBytes } from "node:crypto";
import { careersJobSchema } from "@hireflow/core/careers/contract";
import { openJobWhere } from "@hireflow/core";
import { getPrisma } from "@hireflow/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { call, checkResponse, errorCode, startTrpcApp, type TrpcResponse } from "./support/trpc-client.ts";
import { type Procedure, procedures, validInput } from "./support/trpc-procedures.ts";
import { foreignIds, referenceHint, seedTenant, seedTrpcResources, type Session, type Tenant, type TrpcResources, trpcSnapshot } from "./support/trpc-resources.ts";

/**
 * The tenant isolation sweep of /api/trpc (the web app's endpoint, session cookie + CSRF token):
 * company B's signed-in user calls every procedure of `appRouter` with a valid input naming
 * company A's resources. The answer is a 404, or (a list, a create in B) holds nothing of A's —
 * neither A's marker text nor any id of A's rows — and A's rows are unchanged. Generated from the
 * router, so a new procedure is swept as soon as it exists, and one with an id field the sweep
 * cannot fill fails here.
 */
let app: Awaited<ReturnType<typeof startTrpcApp>>;
let A: Tenant;
let B: Tenant;
const suffix = randomBytes(5).toString("hex");
const procs = procedures();
const byPath = new Map(procs.map((p) => [p.path, p]));

beforeAll(async () => {
  app = await startTrpcApp();
  [A, B] = await Promise.all([seedTenant(`Amark${suffix}`), seedTenant(`Bmark${suffix}`)]);
});
afterAll(() => app?.close());

/**
 * The valid input of `proc` naming `resources`. `targeted`: something in it names a resource;
 * `addressed`: it names the procedure's own resource (`id`) or anything at all of a procedure that
 * is not a list — those must be a 404. A list only filtered by another company's id may answer an
 * empty list instead. Lists get only their required fields and references (other filters would
 * only narrow the answer); `cursor` is an opaque token only a previous page can give.
 */
function request(proc: Procedure, resources: TrpcResources) {
  const references: string[] = [];
  const input = validInput(proc, referenceHint(proc, resources, (path) => references.push(path)), { requiredOnly: proc.isList, skip: ["cursor"] });
  const targeted = references.length > 0;
  return { input, targeted, addressed: targeted && (!proc.isList || references.includes("id")) };
}

const dataOf = (res: TrpcResponse) => res.json?.result?.data?.data;
const describeRes = (res: TrpcResponse) => `${res.status} ${res.text.slice(0, 400)}`;

/** Nothing of A's in an answer to B: no marker text, no slug, no id of a row of A's (that B has no row with). */
async function expectNothingOfA(proc: Procedure, res: TrpcResponse, viewer = B) {
  expect(res.text, `${proc.path} leaked company A's text`).not.toContain(A.marker);
  expect(res.text, `${proc.path} leaked company A's slug`).not.toContain(A.company.slug);
  if (res.json !== undefined) expect(await foreignIds(res.json, A.company.id, viewer.company.id), `${proc.path} leaked ids of company A's rows`).toEqual([]);
}

// ---------------------------------------------------------------------------------------------
// Procedures that are public ON PURPOSE: no sign-in, and they show a company's data to anyone who
// knows its careers-page slug. They are not skipped: each entry asserts exactly what may be shown
// (A's active public jobs, in the careers shape) and that nothing else of A's is (private or
// inactive jobs, candidates, notes, webhooks, keys, users). They run with B's session and with no
// cookie at all. A new public procedure is refused by the 401 sweep below until it is listed here.
// ---------------------------------------------------------------------------------------------
const CAREERS_JOB_KEYS = Object.keys(careersJobSchema.shape).sort();

async function publishedJobs(companyId: number) {
  return getPrisma().job.findMany({ where: { companyId, ...openJobWhere() }, select: { id: true, title: true, description: true }, orderBy: { id: "desc" } });
}

/** A careers answer shows only these published jobs, in the careers shape, and nothing else of A's. */
async function expectOnlyPublishedJobs(proc: Procedure, res: TrpcResponse, jobs: Awaited<ReturnType<typeof publishedJobs>>) {
  const data = dataOf(res);
  // The privacy-policy URL, website and logo are public by purpose (the careers pages show them); A has none set.
  expect(data.company, `${proc.path}: company`).toEqual({
    name: A.name,
    slug: A.company.slug,
    url: `http://localhost:3000/careers/${A.company.slug}`,
    privacy_policy_url: null,
    website_url: null,
    logo_url: null,
  });
  const shown = data.jobs ?? [data.job];
  expect(shown.map((j: { id: number }) => j.id), `${proc.path}: only active public jobs`).toEqual(jobs.map((j) => j.id));
  for (const job of shown) expect(Object.keys(job).sort(), `${proc.path}: careers fields only (no internal job fields)`).toEqual(CAREERS_JOB_KEYS);
  // Remove what may be shown; A's marker must then be gone (no candidate, note, endpoint, key, user, private job).
  let rest = res.text;
  for (const job of jobs) for (const text of [job.title, job.description ?? ""]) rest = rest.replaceAll(JSON.stringify(text).slice(1, -1), "");
  // The AI screening notice names the job's criteria in words: public by purpose (issue 25 §3, LL144's notice).
  const notice = (data as { screening_notice?: { qualifications: string[] } | null }).screening_notice;
  for (const text of notice?.qualifications ?? []) rest = rest.replaceAll(JSON.stringify(text).slice(1, -1), "");
  expect(rest, `${proc.path} shows A's non-public data`).not.toContain(A.marker);
  const ids = new Set(jobs.map((j) => String(j.id)));
  expect((await foreignIds(data, A.company.id, B.company.id)).filter((id) => !ids.has(id)), `${proc.path} shows ids of A's other rows`).toEqual([]);
}

const PUBLIC: Record<string, { why: string; check: (session: Session | undefined) => Promise<void> }> = {
  "careers.page": {
    why: "the public careers page /careers/[slug]: the company's name and its active public jobs",
    async check(session) {
      const proc = byPath.get("careers.page")!;
      const res = await call(app.url, proc, { slug: A.company.slug }, session);
      expect(res.status, describeRes(res)).toBe(200);
      const jobs = await publishedJobs(A.company.id);
      expect(jobs.length, "A has public jobs to show").toBeGreaterThanOrEqual(2);
      await expectOnlyPublishedJobs(proc, res, jobs);
      const unknown = await call(app.url, proc, { slug: `no-such-company-${suffix}` }, session);
      expect([unknown.status, errorCode(unknown)]).toEqual([404, "not_found"]);
    },
  },
  "careers.job": {
    why: "a job's public page /careers/[slug]/jobs/[id] (the API's apply_url): one active public job",
    async check(session) {
      const proc = byPath.get("careers.job")!;
      const jobs = await publishedJobs(A.company.id);
      expect(jobs.map((j) => j.id)).toContain(A.resources.job);
      for (const job of jobs) {
        const res = await call(app.url, proc, { slug: A.company.slug, job_id: job.id }, session);
        expect(res.status, describeRes(res)).toBe(200);
        await expectOnlyPublishedJobs(proc, res, [job]);
      }
      // Private and inactive jobs are not found, and a job is only found under its own company's slug.
      const hidden = [
        ...A.unpublishedJobs.map((id) => ({ slug: A.company.slug, job_id: id })),
        { slug: B.company.slug, job_id: A.resources.job },
        { slug: A.company.slug, job_id: B.resources.job },
      ];
      for (const input of hidden) {
        const res = await call(app.url, proc, input, session);
        expect([res.status, errorCode(res)], `${JSON.stringify(input)} → ${describeRes(res)}`).toEqual([404, "not_found"]);
        expect(res.text).not.toContain(A.marker);
      }
    },
  },
};

const isPublic = (proc: Procedure) => proc.path in PUBLIC;

// Procedures for API keys only: they describe the calling key, which a session does not have. A
// session is refused (403 forbidden, nothing written); the REST sweeps call them with keys.
const API_KEY_ONLY: Record<string, string> = {
  "me.get": "GET /api/v1/me: the calling API key and its company",
};
const isApiKeyOnly = (proc: Procedure) => proc.path in API_KEY_ONLY;
const swept = procs.map((proc) => [proc.path, proc] as const);
const privateProcs = procs.filter((proc) => !isPublic(proc)).map((proc) => [proc.path, proc] as const);

describe("tRPC tenant isolation sweep (every procedure of appRouter)", () => {
  it("enumerates the router, and every procedure's input can be built", () => {
    expect(procs.length).toBeGreaterThanOrEqual(28);
    for (const proc of procs) expect(() => request(proc, A.resources), proc.path).not.toThrow();
    for (const path of Object.keys(PUBLIC)) expect(byPath.get(path), `PUBLIC lists ${path}, which the router does not have`).toBeDefined();
    for (const path of Object.keys(API_KEY_ONLY)) expect(byPath.get(path), `API_KEY_ONLY lists ${path}, which the router does not have`).toBeDefined();
    console.info(`[trpc-isolation] ${procs.length} procedures swept (${Object.keys(PUBLIC).length} public on purpose): ${procs.map((p) => p.path).join(", ")}`);
  });

  it("refuses to sweep a procedure with an id field it cannot fill (so none goes uncovered)", () => {
    const fake = (path: string, input: z.ZodType): Procedure => ({ path, type: "query", input, schema: z.toJSONSchema(input, { io: "input" }) as Procedure["schema"], isList: false });
    expect(() => request(fake("widgets.get", z.strictObject({ id: z.number().int() })), A.resources)).toThrow(
      /widgets\.get: no rule for id field "id"; add "widgets\.get:id" to PROCEDURE_ID_KINDS .* in support\/trpc-resources\.ts/,
    );
    expect(() => request(fake("widgets.move", z.strictObject({ widgetIds: z.array(z.number().int()) })), A.resources)).toThrow(/no rule for id field "widgetIds"/);
    expect(() => request(fake("widgets.list", z.strictObject({ widget_id: z.string().regex(/^[1-9][0-9]*$/) })), A.resources)).toThrow(/no rule for id field "widget_id"/);
    // Reference fields are recognised whatever their spelling.
    expect(request(fake("widgets.find", z.strictObject({ jobId: z.number().int(), candidateIds: z.array(z.number().int()) })), A.resources).input).toEqual({
      jobId: A.resources.job,
      candidateIds: [A.resources.candidate],
    });
  });

  it.each(swept)("%s: company B's session on company A's resources", async (_name, proc) => {
    const before = await trpcSnapshot(A.company.id);
    if (isPublic(proc)) {
      await PUBLIC[proc.path]!.check(B.session);
    } else {
      const { input, targeted, addressed } = request(proc, A.resources);
      const res = await call(app.url, proc, input, B.session);
      const context = `${proc.path}(${JSON.stringify(input)}) → ${describeRes(res)}`;
      expect(res.status, context).toBeLessThan(500);
      checkResponse(res, context, proc.type === "query" ? "GET" : "POST");
      await expectNothingOfA(proc, res);
      if (isApiKeyOnly(proc)) {
        expect([res.status, errorCode(res)], context).toEqual([403, "forbidden"]);
      } else if (addressed) {
        expect([res.status, errorCode(res)], context).toEqual([404, "not_found"]);
      } else if (targeted) {
        // A list filtered by A's id: not found, or B's own (empty) list.
        if (res.status !== 404) expect(res.status, context).toBe(200);
        else expect(errorCode(res), context).toBe("not_found");
      } else {
        // Names nothing of A's (a list, a create): it acts in B, and the snapshot shows it left A alone.
        expect(res.status, context).toBeLessThan(300);
      }
    }
    expect(await trpcSnapshot(A.company.id), `${proc.path} changed company A's rows`).toEqual(before);
  });

  it.each(privateProcs)("%s control: the same call on company B's own resources is found and valid", async (_name, proc) => {
    // Fresh resources per procedure, so a delete, a revocation or a rotation does not affect the next one.
    const own = await seedTrpcResources(B.company, B.marker);
    const { input } = request(proc, own);
    const res = await call(app.url, proc, input, B.session);
    const context = `${proc.path}(${JSON.stringify(input)}) → ${describeRes(res)}`;
    if (isApiKeyOnly(proc)) {
      expect([res.status, errorCode(res)], `${context}: ${API_KEY_ONLY[proc.path]} (API keys only)`).toEqual([403, "forbidden"]);
      return;
    }
    expect(res.status, context).toBeLessThan(500);
    expect(res.status, `${context}: the sweep's 404 would prove nothing`).not.toBe(404);
    expect(errorCode(res), `${context}: the sweep's input is not valid`).not.toBe("validation_error");
    expect(res.status, context).toBeLessThan(300);
    if (proc.isList) expect(dataOf(res).length, `${proc.path} lists B's own rows`).toBeGreaterThan(0);
  });

  it.each(privateProcs)("%s without a session: 401 and nothing written", async (_name, proc) => {
    const before = await Promise.all([trpcSnapshot(A.company.id), trpcSnapshot(B.company.id)]);
    const { input } = request(proc, A.resources);
    const res = await call(app.url, proc, input);
    const context = `${proc.path} → ${describeRes(res)}`;
    checkResponse(res, context, proc.type === "query" ? "GET" : "POST");
    expect([res.status, errorCode(res)], `${context} (a public procedure must be listed in PUBLIC, with what it may show)`).toEqual([401, "unauthorized"]);
    expect(res.text).not.toContain(A.marker);
    expect(await Promise.all([trpcSnapshot(A.company.id), trpcSnapshot(B.company.id)]), `${proc.path} wrote without a session`).toEqual(before);
  });

  it.each(Object.keys(PUBLIC).map((path) => [path, PUBLIC[path]!.why] as const))("%s without a session shows only what it is for (%s)", async (path) => {
    const proc = byPath.get(path)!;
    expect(proc.type, `${path}: a public procedure must be read-only`).toBe("query");
    const before = await trpcSnapshot(A.company.id);
    await PUBLIC[path]!.check(undefined);
    expect(await trpcSnapshot(A.company.id)).toEqual(before);
  });
});
