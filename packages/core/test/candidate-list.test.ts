import { randomBytes } from "node:crypto";
import { getPrisma } from "@hireflow/db";
import { beforeAll, describe, expect, it } from "vitest";
import { createCandidate, createCompany, createJob, listCandidates, systemContext } from "../src/index.ts";
import { type CandidateListQuery, listCandidateRows, listThroughPrisma } from "../src/modules/candidate/list.ts";

/**
 * GET /candidates without `q` reads its page with typed SQL (services/candidate-list.ts). Its rows
 * must be exactly Prisma's for the same filters, order and cursor — every column, same types and
 * nulls, same order — and never another company's.
 */
describe("the typed candidate list returns Prisma's rows", () => {
  const prisma = getPrisma();
  let a: ReturnType<typeof systemContext>;
  let b: ReturnType<typeof systemContext>;
  let jobA1: number;
  let jobA2: number;
  let ids: number[] = [];
  const tag = randomBytes(4).toString("hex");
  const stages = ["applied", "phonescreen", "inprogress", "hired"] as const;
  // Ties and nulls on purpose: the fit order's keyset must break them by id.
  const fits = [null, 90, 75.5, 75.5, null, 40, 90, 12.25, null, 60];

  beforeAll(async () => {
    const companyA = await createCompany(prisma, { name: `List ${tag}` });
    const companyB = await createCompany(prisma, { name: `Other ${tag}` });
    a = systemContext(prisma, companyA.id);
    b = systemContext(prisma, companyB.id);
    jobA1 = (await createJob(a, { title: "Backend Engineer" })).id;
    jobA2 = (await createJob(a, { title: "Designer" })).id;
    const jobB = (await createJob(b, { title: "Backend Engineer" })).id;
    for (let i = 0; i < 30; i++) {
      const created = await createCandidate(
        a,
        {
          job_id: i % 3 === 0 ? jobA2 : jobA1,
          name: i % 7 === 0 ? undefined : `Person ${i}`,
          ...(i % 5 === 0 ? {} : { email: `Person.${i}@Example.com` }),
          ...(i % 4 === 0 ? { phone: "+49 30 1234567", linkedin: "https://www.linkedin.com/in/p", location: "Berlin" } : {}),
          stage: stages[i % stages.length],
        },
        // A nameless candidate needs a resume; a stored key is enough for the list.
        { source: "public_api", ...(i % 7 === 0 ? { resume: { key: `resumes/test/${tag}-${i}.pdf`, filename: "cv.pdf", contentType: "application/pdf", size: 10 } } : {}) },
      );
      ids.push(created.id);
      await prisma.candidate.update({
        where: { id: created.id },
        data: {
          fitScore: fits[i % fits.length],
          rating: i % 6 === 0 ? null : (i % 5) + 1,
          atsCandidateId: i % 8 === 0 ? `ats-${i}` : null,
          createdAt: new Date(Date.UTC(2026, 10, 1 + (i % 20), 9, i, 0, 123)),
          updatedAt: new Date(Date.UTC(2026, 10, 10 + (i % 10), 9, 0, i, 456)),
        },
      });
    }
    // Rejected with a reason (read by a lookup per row, not a join): the typed rows must carry it as Prisma's do.
    const reasons = await prisma.rejectReason.findMany({ where: { companyId: companyA.id }, orderBy: { id: "asc" }, take: 2 });
    for (const [n, id] of [ids[2]!, ids[13]!].entries()) {
      await prisma.candidate.update({ where: { id }, data: { stage: "rejected", rejectReasonId: reasons[n]!.id, rejectedAt: new Date(Date.UTC(2026, 10, 20, 12, n)) } });
    }
    // A job-less candidate (its job was never set) and the other company's look-alikes.
    const orphan = await prisma.candidate.create({ data: { companyId: companyA.id, name: "No Job", applicationSource: "manual", stage: "applied" } });
    ids.push(orphan.id);
    for (let i = 0; i < 5; i++) {
      await createCandidate(b, { job_id: jobB, name: `Person ${i}`, email: `Person.${i}@Example.com`, stage: "applied" }, { source: "public_api" });
    }
    ids = ids.sort((x, y) => y - x);
  });

  const queries = (): Array<[string, CandidateListQuery]> => {
    const filters: Array<[string, CandidateListQuery["filters"]]> = [
      ["no filter", {}],
      ["job", { jobId: jobA1 }],
      ["stage", { stages: ["inprogress"] }],
      ["stages", { stages: ["inprogress", "applied"] }],
      ["stage type", { stageTypes: ["phonescreen"] }],
      ["stage types", { stageTypes: ["applied", "phonescreen"] }],
      ["email, any case", { email: "PERSON.11@example.COM" }],
      ["created after", { createdAfter: new Date(Date.UTC(2026, 10, 10, 9, 0, 0, 123)) }],
      ["updated after", { updatedAfter: new Date(Date.UTC(2026, 10, 15)) }],
      ["min fit score", { minFitScore: 60 }],
      ["every filter", { jobId: jobA1, stages: ["phonescreen"], stageTypes: ["phonescreen"], createdAfter: new Date(Date.UTC(2026, 9, 1)), updatedAfter: new Date(Date.UTC(2026, 9, 1)), minFitScore: 10 }],
      ["another company's job", { jobId: -1 }],
    ];
    const list: Array<[string, CandidateListQuery]> = [];
    for (const [name, f] of filters) {
      for (const order of ["newest", "fit"] as const) {
        list.push([`${name}, ${order}`, { filters: f, order, take: 6 }]);
        list.push([`${name}, ${order}, whole list`, { filters: f, order, take: 100 }]);
      }
    }
    // Cursors inside runs of ties and of nulls.
    for (const fit of [90, 75.5, 12.25, null]) list.push([`fit cursor at ${fit}`, { filters: {}, order: "fit", after: { id: ids[12]!, fit }, take: 8 }]);
    list.push(["newest cursor", { filters: { jobId: jobA1 }, order: "newest", after: { id: ids[5]! }, take: 8 }]);
    return list;
  };

  it("every filter, both orders, with and without a cursor", async () => {
    for (const [name, query] of queries()) {
      const typed = await listCandidateRows(a, query);
      const viaPrisma = await listThroughPrisma(a, query);
      expect(typed, name).toEqual(viaPrisma);
      for (const [i, row] of typed.entries()) expect(Object.keys(row).sort(), `${name} #${i}`).toEqual(Object.keys(viaPrisma[i]!).sort());
    }
    // The fixtures do reach every branch: pages are full, nulls and jobless rows are in them.
    const all = await listCandidateRows(a, { filters: {}, order: "fit", take: 100 });
    expect(all.map((r) => r.id).sort((x, y) => y - x)).toEqual(ids);
    expect(all.some((r) => r.fitScore === null) && all.some((r) => r.job === null) && all.some((r) => r.name === null)).toBe(true);
    expect((await listCandidateRows(a, { filters: { email: "PERSON.11@example.COM" }, order: "newest", take: 5 })).map((r) => r.email)).toEqual(["Person.11@Example.com"]);
  });

  it("never another company's rows", async () => {
    const mine = await listCandidateRows(b, { filters: {}, order: "newest", take: 100 });
    expect(mine).toHaveLength(5);
    expect(mine.every((r) => !ids.includes(r.id))).toBe(true);
    expect(await listCandidateRows(b, { filters: { jobId: jobA1 }, order: "newest", take: 100 })).toEqual([]);
  });

  it("an e-mail filter matches the address only, not as a pattern", async () => {
    expect(await listCandidateRows(a, { filters: { email: "person._1@example.com" }, order: "newest", take: 5 })).toEqual([]);
    expect(await listCandidateRows(a, { filters: { email: "%@example.com" }, order: "newest", take: 5 })).toEqual([]);
  });

  it("pages through listCandidates follow the cursor to the end in both orders", async () => {
    for (const sort of ["created", "fit_score"] as const) {
      const seen: number[] = [];
      let cursor: string | undefined;
      for (let guard = 0; guard < 20; guard++) {
        const result = await listCandidates(a, { sort, limit: 7, ...(cursor ? { cursor } : {}) });
        seen.push(...result.data.map((c) => c.id));
        if (!result.pagination.has_more) break;
        cursor = result.pagination.next_cursor!;
      }
      const expected = (await listThroughPrisma(a, { filters: {}, order: sort === "fit_score" ? "fit" : "newest", take: 100 })).map((r) => r.id);
      expect(seen, sort).toEqual(expected);
    }
  });

  it("inside a transaction the list goes through the transaction's (scoped) client", async () => {
    await a.db.$transaction(async (tx) => {
      await tx.candidate.update({ where: { id: ids[0]! }, data: { name: "Renamed, not committed" } });
      const rows = await listCandidateRows({ ...a, db: tx as typeof a.db }, { filters: {}, order: "newest", take: 1 });
      expect(rows[0]?.name).toBe("Renamed, not committed");
    });
  });
});
