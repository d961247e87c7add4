import { randomBytes } from "node:crypto";
import { createUser } from "@hireflow/core";
import { normalizeAscii } from "@hireflow/core/candidate/search-query-parse";
import fc from "fast-check";
import { getPrisma } from "@hireflow/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useApiApp } from "../helpers/api-app.ts";
import { apiClient } from "../helpers/client.ts";
import { addJob, createTestCompany, type TestCompany } from "../helpers/fixtures.ts";
import { call, errorCode, startTrpcApp } from "../hardening/support/trpc-client.ts";
import { type Procedure } from "../hardening/support/trpc-procedures.ts";
import { PASSWORD, type Session, signIn } from "../hardening/support/trpc-resources.ts";

/**
 * Candidate search (issue 15 §1): GET /api/v1/candidates?q=… and the web app's company-wide list
 * and quick switcher (pipeline.candidates, pipeline.quickSearch over /api/trpc). Accents, case,
 * apostrophes, typos, e-mail and phone fragments, resume text, the ranking, filters, keyset pages
 * over ranked results, tenant isolation, and what a bad `q` answers.
 */
const app = useApiApp();
let trpc: Awaited<ReturnType<typeof startTrpcApp>>;
let session: Session;
let other: TestCompany;
let otherSession: Session;
let jobB: number;
const ids: Record<string, number> = {};
const tag = randomBytes(3).toString("hex");

const listProc = { path: "pipeline.candidates", type: "query" } as Procedure;
const quickProc = { path: "pipeline.quickSearch", type: "query" } as Procedure;

async function add(company: TestCompany, key: string, body: Record<string, unknown>, extra: { resumeText?: string; fitScore?: number } = {}) {
  const res = await apiClient(app.url, company).post("/candidates", { job_id: company.jobId, email: `${key}-${tag}@example.org`, ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const id = res.body.data.id as number;
  if (extra.resumeText !== undefined || extra.fitScore !== undefined) {
    await getPrisma().candidate.update({
      where: { id },
      data: {
        ...(extra.resumeText !== undefined && { resumeText: extra.resumeText, resumeStatus: "completed" as const }),
        ...(extra.fitScore !== undefined && { fitScore: extra.fitScore }),
      },
    });
  }
  ids[key] = id;
  return id;
}

async function sessionFor(companyId: number): Promise<Session> {
  const user = await createUser(getPrisma(), { companyId, email: `search-${randomBytes(5).toString("hex")}@example.com`, password: PASSWORD });
  return signIn(user.id);
}

/** Ids of GET /candidates?<query> (200 expected). */
async function search(query: string): Promise<number[]> {
  const res = await app.api.get(`/candidates?${query}`);
  expect(res.status, `${query} → ${JSON.stringify(res.body)}`).toBe(200);
  return res.body.data.map((c: { id: number }) => c.id);
}
const q = (text: string, more = "") => search(`q=${encodeURIComponent(text)}${more}`);

async function ui(input: Record<string, unknown>, as = session) {
  const res = await call(trpc.url, listProc, input, as);
  expect(res.status, res.text.slice(0, 400)).toBe(200);
  return res.json.result.data as { data: { id: number; name: string }[]; pagination: { next_cursor: string | null; has_more: boolean } };
}

beforeAll(async () => {
  trpc = await startTrpcApp();
  const acme = app.acme;
  jobB = await addJob(acme, { title: `Désigner Produit ${tag}` });
  // Names meant for the ranking of "garcia": exact name, a word starting with it, inside a word, a similar spelling, resume only.
  await add(acme, "jose", { name: "José García", phone: "+49 151 2345 6789" });
  await add(acme, "oneill", { name: "Aoife O'Neill", email: `aoife.oneill-${tag}@example.net` });
  await add(acme, "plainjose", { name: "Jose Fernandez", job_id: jobB });
  await add(acme, "petrova", { name: "Alexandra Petrova" }, { resumeText: "Data engineer. Kubernetes, PostgreSQL and Go; led a team of four.", fitScore: 81 });
  await add(acme, "raman", { name: "Priya Raman" }, { resumeText: "Product designer: Figma, user research, design systems (5 years).", fitScore: 64 });
  await add(acme, "garcia", { name: "Garcia" });
  await add(acme, "mgarcia", { name: "Lmgarciax Test" });
  await add(acme, "garsia", { name: "Garsia Lopez" });
  await add(acme, "mentions", { name: "Tomasz Nowak" }, { resumeText: "Worked with Ana García on the payments team; Kubernetes operator." });
  // Another company with a José García, a shared skill and the same phone: never visible to acme.
  other = await createTestCompany();
  await add(other, "otherjose", { name: "José García", phone: "+49 151 2345 6789" }, { resumeText: "Kubernetes and PostgreSQL." });
  session = await sessionFor(acme.id);
  otherSession = await sessionFor(other.id);
});
afterAll(() => trpc?.close());

describe("GET /api/v1/candidates?q=", () => {
  it("ignores accents both ways, and case", async () => {
    expect(await q("jose")).toEqual(expect.arrayContaining([ids.jose, ids.plainjose]));
    expect(await q("JOSÉ")).toEqual(expect.arrayContaining([ids.jose, ids.plainjose]));
    expect(await q("josé fernández")).toEqual([ids.plainjose]);
    expect(await q("garcía")).toContain(ids.garcia);
  });

  it("ignores apostrophes", async () => {
    for (const text of ["oneill", "O'Neill", "o’neill", "O NEILL", "aoife oneill"]) {
      expect(await q(text), text).toContain(ids.oneill);
    }
  });

  it("finds names with typos (similar spelling) when nothing matches better", async () => {
    expect(await q("garica")).toContain(ids.jose);
    expect(await q("alexandar petrova")).toContain(ids.petrova);
    expect(await q("petrva")).toContain(ids.petrova);
    expect(await q("zzqxw")).toEqual([]);
  });

  it("finds e-mail and phone fragments", async () => {
    expect(await q(`oneill-${tag}@example`)).toEqual([ids.oneill]);
    expect(await q("example.net")).toContain(ids.oneill);
    // Stored as +4915123456789: the tail, a national-format fragment with its trunk 0, spaces and dashes.
    expect(await q("23456789")).toEqual([ids.jose]);
    expect(await q("0151 2345")).toEqual([ids.jose]);
    expect(await q("+49 151-234")).toEqual([ids.jose]);
    // Three digits are too few to mean a phone number.
    expect(await q("151")).not.toContain(ids.jose);
  });

  it("finds resume text, the last word also by its beginning, all words required", async () => {
    expect(await q("kubernetes")).toEqual([ids.mentions, ids.petrova]);
    expect(await q("kube")).toEqual([ids.mentions, ids.petrova]);
    expect(await q("postgresql kubernetes")).toEqual([ids.petrova]);
    expect(await q("postgresql kuber")).toEqual([ids.petrova]);
    expect(await q("postgre kubernetes")).toEqual([]);
    expect(await q("figma research")).toEqual([ids.raman]);
    expect(await q("figma kubernetes")).toEqual([]);
    // A name word and a resume word together.
    expect(await q("alexandra kubernetes")).toEqual([ids.petrova]);
  });

  it("ranks the best match first: whole name, name word start, inside a name, resume text; similar spellings only as a fallback", async () => {
    // Issue 28 item 6: "garcia" does not also list "Garsia" once real matches exist; "garsia" finds Garsia, and García only by spelling.
    const found = await q("garcia");
    expect(found).toEqual([ids.garcia, ids.jose, ids.mgarcia, ids.mentions]);
    const cues = (await ui({ q: "garcia" })).data.map((c) => [c.id, (c as unknown as { match: string }).match]);
    expect(cues).toEqual([[ids.garcia, "name"], [ids.jose, "name"], [ids.mgarcia, "name"], [ids.mentions, "resume"]]);
    const typo = (await ui({ q: "garsya lopez" })).data.map((c) => [c.id, (c as unknown as { match: string }).match]);
    expect(typo).toEqual([[ids.garsia, "similar_name"]]);
    expect((await ui({ q: `oneill-${tag}@example` })).data.map((c) => (c as unknown as { match: string }).match)).toEqual(["email"]);
    expect((await ui({ q: "garcia", sort: "newest" })).data.every((c) => (c as unknown as { match: unknown }).match === null)).toBe(true);
    // Other sorts follow the same rule: the same set as relevance, in their order.
    for (const sort of ["newest", "name", "fit"]) {
      expect(new Set((await ui({ q: "garcia", sort })).data.map((c) => c.id)), sort).toEqual(new Set(found));
      expect((await ui({ q: "garsya lopez", sort })).data.map((c) => c.id), sort).toEqual([ids.garsia]);
    }
  });

  it("combines with the list's filters and sorts", async () => {
    expect(await q("jose", `&job_id=${jobB}`)).toEqual([ids.plainjose]);
    expect(await q("jose", `&job_id=${app.acme.jobId}`)).toEqual([ids.jose]);
    expect(await q("kubernetes", "&min_fit_score=80")).toEqual([ids.petrova]);
    expect(await q("garcia", "&stage=applied")).toEqual([]);
    expect(await q("jose", `&email=${encodeURIComponent(`jose-${tag}@example.org`)}`)).toEqual([ids.jose]);
    // With sort, the matches come in that order instead of by relevance.
    // (Similar spellings are a fallback: "Garsia" is left out once real matches exist, whatever the sort.)
    expect(await q("garcia", "&sort=created")).toEqual([ids.mentions, ids.mgarcia, ids.garcia, ids.jose]);
    expect((await q("kubernetes", "&sort=fit_score"))[0]).toBe(ids.petrova);
  });

  it("pages through ranked results with the cursor: every match once, in rank order", async () => {
    const all = await q("garcia");
    const seen: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res: { status: number; body: any } = await app.api.get(`/candidates?q=garcia&limit=2${cursor ? `&cursor=${cursor}` : ""}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      seen.push(...res.body.data.map((c: { id: number }) => c.id));
      cursor = res.body.pagination.next_cursor;
      expect(res.body.pagination.has_more).toBe(cursor !== null);
      pages++;
    } while (cursor && pages < 10);
    expect(pages).toBe(Math.ceil(all.length / 2));
    expect(all.length).toBeGreaterThan(2);
    expect(seen).toEqual(all);
  });

  it("refuses a cursor of another list (search vs no search, other sort)", async () => {
    const searched = await app.api.get("/candidates?q=garcia&limit=1");
    const plain = await app.api.get("/candidates?limit=1");
    for (const query of [`cursor=${searched.body.pagination.next_cursor}`, `q=garcia&cursor=${plain.body.pagination.next_cursor}`, `q=garcia&sort=fit_score&cursor=${searched.body.pagination.next_cursor}`]) {
      const res = await app.api.get(`/candidates?${query}`);
      expect([res.status, res.body.error?.code], query).toEqual([400, "bad_request"]);
    }
  });

  it("never shows another company's candidates", async () => {
    const otherApi = apiClient(app.url, other);
    for (const text of ["jose garcia", "kubernetes", "23456789", "garica"]) {
      expect(await q(text), text).not.toContain(ids.otherjose);
      const res = await otherApi.get(`/candidates?q=${encodeURIComponent(text)}`);
      expect(res.status).toBe(200);
      expect(res.body.data.map((c: { id: number }) => c.id), text).toEqual([ids.otherjose]);
    }
  });

  it("answers 400 for a bad q, never a 500; blank q is no search; LIKE wildcards are text", async () => {
    for (const query of [`q=${"a".repeat(201)}`, "q=a%00b", "q=a%1Bb", "q=a&q=b"]) {
      const res = await app.api.get(`/candidates?${query}`);
      expect([res.status, res.body.error?.code], query).toEqual([400, "validation_error"]);
    }
    expect((await app.api.get(`/candidates?q=${"a".repeat(200)}`)).status).toBe(200);
    expect(await search("q=%20%20&limit=3")).toEqual(await search("limit=3"));
    for (const text of ["%%%", "___", "\\\\\\", "'; DROP TABLE candidates;--", "!!!", "&|!:*", "🙂"]) {
      expect(await q(text), text).toEqual([]);
    }
  });
});

describe("search_normalize() in SQL and its ASCII shortcut in TypeScript", () => {
  it("agree on every ASCII character and on random ASCII text", async () => {
    const sqlNormalize = async (texts: string[]) =>
      (await getPrisma().$queryRaw<{ n: string }[]>`SELECT public.search_normalize(t) AS n FROM unnest(${texts}::text[]) WITH ORDINALITY AS x(t, i) ORDER BY i`).map((r) => r.n);
    const singles = Array.from({ length: 127 }, (_, i) => `Ab${String.fromCharCode(i + 1)}Cd ${String.fromCharCode(i + 1)}`);
    expect(await sqlNormalize(singles)).toEqual(singles.map((t) => normalizeAscii(t)));
    const ascii = fc.string({ unit: fc.integer({ min: 1, max: 127 }).map((c) => String.fromCharCode(c)), maxLength: 40 });
    const samples = fc.sample(ascii, 300);
    expect(await sqlNormalize(samples)).toEqual(samples.map((t) => normalizeAscii(t)));
    expect(normalizeAscii("José")).toBeNull();
  });
});

describe("the web app's candidate list and quick switcher (/api/trpc)", () => {
  it("lists every candidate of the company newest first, searches like the API, and pages", async () => {
    const first = await ui({ limit: 3 });
    expect(first.data.map((c) => c.id)).toEqual([ids.mentions, ids.garsia, ids.mgarcia]);
    const next = await ui({ limit: 3, cursor: first.pagination.next_cursor });
    expect(next.data.map((c) => c.id)).toEqual([ids.garcia, ids.raman, ids.petrova]);
    expect((await ui({ q: "garcia" })).data.map((c) => c.id)).toEqual([ids.garcia, ids.jose, ids.mgarcia, ids.mentions]);
  });

  it("filters by job, stage, source, fit score, applied between and resume, and sorts by name and fit", async () => {
    expect((await ui({ job_id: jobB })).data.map((c) => c.id)).toEqual([ids.plainjose]);
    expect((await ui({ stage: "prospect", q: "jose" })).data.map((c) => c.id)).toEqual([ids.plainjose, ids.jose]);
    expect((await ui({ source: "public_api", q: "oneill" })).data.map((c) => c.id)).toEqual([ids.oneill]);
    expect((await ui({ source: "self_apply" })).data).toEqual([]);
    expect((await ui({ min_fit_score: 60 })).data.map((c) => c.id)).toEqual([ids.raman, ids.petrova]);
    expect((await ui({ has_resume: true })).data.map((c) => c.id)).toEqual([ids.mentions, ids.raman, ids.petrova]);
    const created = await getPrisma().candidate.findUniqueOrThrow({ where: { id: ids.raman }, select: { createdAt: true } });
    const at = created.createdAt.toISOString();
    expect((await ui({ applied_after: at, applied_before: new Date(created.createdAt.getTime() + 1).toISOString() })).data.map((c) => c.id)).toEqual([ids.raman]);
    expect((await ui({ sort: "fit", limit: 2 })).data.map((c) => c.id)).toEqual([ids.petrova, ids.raman]);

    const names: string[] = [];
    let cursor: string | null = null;
    do {
      const page: Awaited<ReturnType<typeof ui>> = await ui({ sort: "name", limit: 4, ...(cursor && { cursor }) });
      names.push(...page.data.map((c) => c.name));
      cursor = page.pagination.next_cursor;
    } while (cursor);
    expect(names).toEqual(["Alexandra Petrova", "Aoife O'Neill", "Garcia", "Garsia Lopez", "Jose Fernandez", "José García", "Lmgarciax Test", "Priya Raman", "Tomasz Nowak"]);
  });

  it("validates its input: a bad q or cursor is a 400", async () => {
    for (const input of [{ q: "x".repeat(201) }, { q: "a\u0000b" }, { cursor: "!!!" }, { sort: "relevance", q: "garcia", cursor: (await ui({ limit: 1 })).pagination.next_cursor }]) {
      const res = await call(trpc.url, listProc, input, session);
      expect(res.status, res.text.slice(0, 300)).toBe(400);
      expect(["validation_error", "bad_request"]).toContain(errorCode(res));
    }
  });

  it("the quick switcher finds candidates and jobs, accents ignored", async () => {
    const res = await call(trpc.url, quickProc, { q: "designer produit" }, session);
    expect(res.status, res.text).toBe(200);
    expect(res.json.result.data.data.jobs.map((j: { id: number }) => j.id)).toEqual([jobB]);
    const people = await call(trpc.url, quickProc, { q: "jose" }, session);
    expect(people.json.result.data.data.candidates.map((c: { id: number }) => c.id)).toEqual(expect.arrayContaining([ids.jose, ids.plainjose]));
    expect(people.json.result.data.data.candidates[0]).toMatchObject({ name: expect.stringMatching(/^Jos/), stage: "prospect" });
  });

  it("never shows another company's candidates or jobs", async () => {
    for (const text of ["jose garcia", "kubernetes", "23456789"]) {
      expect((await ui({ q: text })).data.map((c) => c.id), text).not.toContain(ids.otherjose);
      expect((await ui({ q: text }, otherSession)).data.map((c) => c.id), text).toEqual([ids.otherjose]);
      const quick = await call(trpc.url, quickProc, { q: text }, otherSession);
      expect(quick.json.result.data.data.candidates.map((c: { id: number }) => c.id)).toEqual([ids.otherjose]);
    }
    const jobs = await call(trpc.url, quickProc, { q: "designer" }, otherSession);
    expect(jobs.json.result.data.data.jobs).toEqual([]);
    expect((await ui({ job_id: jobB }, otherSession)).data).toEqual([]);
  });
});
