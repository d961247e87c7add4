import { getPrisma } from "@hireflow/db";
import { describe, expect, it } from "vitest";
import { useApiApp } from "../helpers/api-app.ts";
import { apiClient } from "../helpers/client.ts";
import { addJob, createTestCompany } from "../helpers/fixtures.ts";

const app = useApiApp();

async function create(jobId: number, i: number, extra: Record<string, unknown> = {}) {
  const res = await app.api.post("/candidates", { job_id: jobId, name: `List ${i}`, email: `list${i}-${jobId}@example.com`, ...extra });
  expect(res.status).toBe(201);
  return res.body.data.id as number;
}

describe("GET /api/v1/candidates", () => {
  it("pages through every row exactly once, newest first, while rows are being inserted", async () => {
    const jobId = await addJob(app.acme);
    const initial: number[] = [];
    for (let i = 0; i < 23; i++) initial.push(await create(jobId, i));
    const seen: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    let inserted = 100;
    do {
      const res: { status: number; body: any } = await app.api.get(`/candidates?job_id=${jobId}&limit=5${cursor ? `&cursor=${cursor}` : ""}`);
      expect(res.status).toBe(200);
      expect(res.body.data.length).toBeLessThanOrEqual(5);
      seen.push(...res.body.data.map((c: { id: number }) => c.id));
      cursor = res.body.pagination.next_cursor;
      expect(res.body.pagination.has_more).toBe(cursor !== null);
      await create(jobId, inserted++); // a concurrent writer between pages
      pages++;
    } while (cursor);
    expect(pages).toBe(5);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual([...initial].reverse());
  });

  it("newest first is the applied date (created_at, backdated by imports), ties by id, on every page and with a search", async () => {
    const jobId = await addJob(app.acme);
    const ids: number[] = [];
    for (let i = 0; i < 7; i++) ids.push(await create(jobId, 200 + i, { name: `Backdated Person ${i}` }));
    // Applied: ids[0] newest of all; ids[3] and ids[4] on the same instant; ids[6] oldest.
    const days = [25, 22, 19, 15, 15, 10, 1];
    for (const [i, id] of ids.entries()) {
      await getPrisma().candidate.update({ where: { id }, data: { createdAt: new Date(Date.UTC(2026, 9, days[i]!, 12)) } });
    }
    const expected = [ids[0], ids[1], ids[2], ids[4], ids[3], ids[5], ids[6]];
    const walk = async (query: string) => {
      const seen: number[] = [];
      let cursor: string | null = null;
      do {
        const res: { status: number; body: any } = await app.api.get(`/candidates?job_id=${jobId}&limit=2${query}${cursor ? `&cursor=${cursor}` : ""}`);
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        seen.push(...res.body.data.map((c: { id: number }) => c.id));
        cursor = res.body.pagination.next_cursor;
      } while (cursor);
      return seen;
    };
    expect(await walk("")).toEqual(expected);
    expect(await walk("&sort=created")).toEqual(expected);
    expect(await walk("&q=Backdated&sort=created")).toEqual(expected);
    // A cursor of the newest list is refused by another sort.
    const first = await app.api.get(`/candidates?job_id=${jobId}&limit=2`);
    const other = await app.api.get(`/candidates?job_id=${jobId}&limit=2&sort=fit_score&cursor=${first.body.pagination.next_cursor}`);
    expect(other.status).toBe(400);
  });

  it("filters by job_id, stage, email (case-insensitive), created_after and updated_after", async () => {
    const jobA = await addJob(app.acme);
    const jobB = await addJob(app.acme);
    const a1 = await create(jobA, 1, { stage: "applied" });
    const a2 = await create(jobA, 2);
    const b1 = await create(jobB, 3, { stage: "applied" });
    const ids = async (query: string) => (await app.api.get(`/candidates?${query}`)).body.data.map((c: { id: number }) => c.id);
    expect(await ids(`job_id=${jobA}`)).toEqual([a2, a1]);
    expect(await ids(`job_id=${jobA}&stage=applied`)).toEqual([a1]);
    expect((await ids("stage=applied")).slice(0, 2)).toEqual([b1, a1]);
    expect(await ids(`email=LIST3-${jobB}@EXAMPLE.COM`)).toEqual([b1]);
    const a2Row = await getPrisma().candidate.findUniqueOrThrow({ where: { id: a2 } });
    expect(await ids(`job_id=${jobA}&created_after=${a2Row.createdAt.toISOString()}`)).toEqual([]);
    expect(await ids(`job_id=${jobA}&created_after=${new Date(a2Row.createdAt.getTime() - 1).toISOString()}`)).toEqual([a2]);
    await new Promise((r) => setTimeout(r, 5));
    const mark = new Date().toISOString();
    await app.api.patch(`/candidates/${a1}`, { rating: 3 });
    expect(await ids(`job_id=${jobA}&updated_after=${mark}`)).toEqual([a1]);
  });

  it("validates limit, cursor and filters", async () => {
    for (const query of ["limit=0", "limit=101", "limit=abc", "limit=-1", "cursor=!!!", "cursor=eyJ2IjoxfQ", "job_id=0x10", "created_after=yesterday", "limit=5&limit=6", "unknown=1"]) {
      const res = await app.api.get(`/candidates?${query}`);
      expect(res.status, query).toBe(400);
      expect(["validation_error", "bad_request"], query).toContain(res.body.error.code);
    }
    expect((await app.api.get("/candidates?cursor=eyJ2IjoxfQ")).body.error.code).toBe("bad_request");
    expect((await app.api.get("/candidates?limit=100")).status).toBe(200);
    expect((await app.api.get("/candidates?limit=1")).body.data.length).toBe(1);
  });

  it("defaults to 25 per page and shows only the key's company", async () => {
    const other = await createTestCompany();
    const otherClient = apiClient(app.url, other);
    for (let i = 0; i < 3; i++) expect((await otherClient.post("/candidates", { job_id: other.jobId, name: `Other ${i}` })).status).toBe(201);
    const mine = await app.api.get("/candidates");
    expect(mine.body.data.length).toBe(25);
    const theirs = await otherClient.get("/candidates");
    expect(theirs.body.data.length).toBe(3);
    expect(theirs.body.data.every((c: { job: { id: number } }) => c.job.id === other.jobId)).toBe(true);
    expect((await otherClient.get(`/candidates?job_id=${app.acme.jobId}`)).body.data).toEqual([]);
  });
});

describe("GET /api/v1/candidates?sort=fit_score and min_fit_score", () => {
  it("lists the best fit first, unscored last, every row once across pages; min_fit_score leaves out lower and unscored", async () => {
    const jobId = await addJob(app.acme);
    const scores = [72, null, 90, 72, 15, null, 100, 72, 0];
    const ids: number[] = [];
    for (const [i, score] of scores.entries()) {
      const id = await create(jobId, 200 + i);
      // Scores as the agent stores them (the agent itself is tested in test/screening).
      if (score !== null) await getPrisma().candidate.update({ where: { id }, data: { fitScore: score, fitStatus: "completed" } });
      ids.push(id);
    }
    const expected = ids
      .map((id, i) => ({ id, score: scores[i]! }))
      .sort((a, b) => (b.score ?? -1) - (a.score ?? -1) || b.id - a.id)
      .map((c) => c.id);

    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const res: { status: number; body: any } = await app.api.get(`/candidates?job_id=${jobId}&sort=fit_score&limit=2${cursor ? `&cursor=${cursor}` : ""}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      seen.push(...res.body.data.map((c: { id: number }) => c.id));
      cursor = res.body.pagination.next_cursor;
    } while (cursor);
    expect(seen).toEqual(expected);

    const atLeast = await app.api.get(`/candidates?job_id=${jobId}&min_fit_score=72&sort=fit_score`);
    expect(atLeast.body.data.map((c: { fit_score: number }) => c.fit_score)).toEqual([100, 90, 72, 72, 72]);
    const zero = await app.api.get(`/candidates?job_id=${jobId}&min_fit_score=0`);
    expect(zero.body.data).toHaveLength(7);

    for (const bad of ["min_fit_score=101", "min_fit_score=-1", "min_fit_score=7.5", "sort=name"]) {
      const res = await app.api.get(`/candidates?job_id=${jobId}&${bad}`);
      expect(res.status, bad).toBe(400);
      expect(res.body.error.code).toBe("validation_error");
    }
    // A cursor of one order is not silently read in another.
    const first = await app.api.get(`/candidates?job_id=${jobId}&limit=2`);
    const mixed = await app.api.get(`/candidates?job_id=${jobId}&sort=fit_score&cursor=${first.body.pagination.next_cursor}`);
    expect(mixed.status).toBe(400);
    expect(mixed.body.error.code).toBe("bad_request");
  });
});
