import { randomBytes } from "node:crypto";
import { getPrisma } from "@hireflow/db";
import { beforeAll, describe, expect, it } from "vitest";
import { createCandidate, createCompany, createJob, eraseCandidate, systemContext, updateCandidate } from "../src/index.ts";
import { type ServiceContext } from "../src/kernel/context.ts";
import { searchCandidateIds } from "../src/modules/candidate/search.ts";

/**
 * What search matches lives in candidate_search_documents, written by a trigger (migration
 * 20261205010000_candidate_search_documents): kept in step with every change of the searched text, and
 * not written at all by a change that leaves it alone — the reason it is a table of its own (a GIN
 * index re-indexes every new row version: a stage change re-indexed the resume's every word).
 */
describe("candidate search documents", () => {
  const prisma = getPrisma();
  const tag = randomBytes(4).toString("hex");
  // A word of this run only, in letters (the parser splits "4e4dc" into a number and a word).
  const word = tag.replace(/[0-9]/g, (digit) => "ghijklmnop"[Number(digit)]!);
  let svc: ServiceContext;
  let other: ServiceContext;
  let jobId: number;

  beforeAll(async () => {
    svc = systemContext(prisma, (await createCompany(prisma, { name: `Search docs ${tag}` })).id, { type: "api", apiKeyId: 1 });
    other = systemContext(prisma, (await createCompany(prisma, { name: `Other ${tag}` })).id, { type: "api", apiKeyId: 2 });
    jobId = (await createJob(svc, { title: "Data Engineer" })).id;
  });

  const documentOf = async (candidateId: number) =>
    (
      await prisma.$queryRaw<{ companyId: number; searchName: string | null; email: string | null; phoneDigits: string | null; words: string[]; version: string }[]>`
        SELECT company_id AS "companyId", search_name AS "searchName", email, phone_digits AS "phoneDigits",
               tsvector_to_array(search_vector) AS words, xmin::text AS version
          FROM candidate_search_documents WHERE candidate_id = ${candidateId}`
    )[0];
  const search = async (ctx: ServiceContext, q: string) => (await searchCandidateIds(ctx, { q, filters: {}, limit: 25 })).ids;

  it("a new candidate has its document: the normalised name, e-mail, phone digits and the words", async () => {
    const id = (await createCandidate(svc, { job_id: jobId, name: "José O'Neill", email: `Jose.ONeill-${tag}@Example.com`, phone: "+1 (555) 010-4477" }, { source: "public_api" })).id;
    expect(await documentOf(id)).toMatchObject({
      companyId: svc.companyId,
      searchName: "jose oneill",
      email: `jose.oneill-${tag}@example.com`,
      phoneDigits: "15550104477",
      words: ["jose", "oneill"],
    });
    expect(await search(svc, "oneill")).toContain(id);
    expect(await search(svc, "0104477")).toContain(id);
    expect(await search(other, "oneill")).not.toContain(id);
  });

  it("a stage change leaves the document alone; a change of the name, e-mail, phone or resume text rewrites it", async () => {
    const id = (await createCandidate(svc, { job_id: jobId, name: "Ada Quillfeather", email: `ada-${tag}@example.com` }, { source: "public_api" })).id;
    const created = (await documentOf(id))!;

    await updateCandidate(svc, { id, stage: "phonescreen" });
    await updateCandidate(svc, { id, stage: "inprogress" });
    const moved = (await prisma.candidate.findUniqueOrThrow({ where: { id }, select: { stage: true } })).stage;
    expect(moved).toBe("inprogress");
    expect((await documentOf(id))!.version).toBe(created.version);

    // The resume parser writes resume_text through Prisma: the words follow.
    await prisma.candidate.update({ where: { id }, data: { resumeText: `Built Kafka pipelines ${word}x; Zürich office.` } });
    const parsed = (await documentOf(id))!;
    expect(parsed.version).not.toBe(created.version);
    expect(parsed.words).toEqual(expect.arrayContaining(["kafka", "pipelines", `${word}x`, "zurich", "ada", "quillfeather"]));
    expect(await search(svc, `${word}x`)).toEqual([id]);

    await updateCandidate(svc, { id, name: "Ada Lovelace-Quill", phone: "+44 20 7946 0018" });
    expect(await documentOf(id)).toMatchObject({ searchName: "ada lovelace quill", phoneDigits: "442079460018" });
    expect((await documentOf(id))!.words).toEqual(expect.arrayContaining(["lovelace", "quill", "kafka"]));
    expect((await documentOf(id))!.words).not.toContain("quillfeather");
    expect(await search(svc, "lovelace")).toContain(id);
    expect(await search(svc, "quillfeather")).not.toContain(id);

    // Writing the same values again is no change: the document keeps its version.
    const before = (await documentOf(id))!.version;
    const current = await prisma.candidate.findUniqueOrThrow({ where: { id }, select: { name: true, email: true, phone: true, resumeText: true } });
    await prisma.candidate.update({ where: { id }, data: current });
    expect((await documentOf(id))!.version).toBe(before);
  });

  it("an erased candidate's document goes with it: nothing of it is found any more", async () => {
    const id = (await createCandidate(svc, { job_id: jobId, name: "Zebulon Marchetti", email: `zeb-${tag}@example.com`, phone: "+1 555 010 9911" }, { source: "public_api" })).id;
    await prisma.candidate.update({ where: { id }, data: { resumeText: `Tableau dashboards ${word}z` } });
    expect(await search(svc, `${word}z`)).toEqual([id]);
    expect(await documentOf(id)).toBeDefined();

    await eraseCandidate(svc, id);
    expect(await documentOf(id)).toBeUndefined();
    expect(await search(svc, `${word}z`)).toEqual([]);
    expect(await search(svc, "marchetti")).not.toContain(id);
  });
});
