import { randomBytes } from "node:crypto";
import { getPrisma } from "@hireflow/db";
import { beforeAll, describe, expect, it } from "vitest";
import { addNote, AppError, createCandidate, createCompany, createJob, createUser, systemContext } from "../src/index.ts";
import { type ServiceContext } from "../src/kernel/context.ts";
import { toAppError } from "../src/kernel/errors.ts";
import { baseClientOf, scopeToCompany } from "../src/kernel/tenancy.ts";

/**
 * A note is one typed statement on the pg pool (services/note-insert.ts) when the client has a pool,
 * else Prisma's lookup and insert. Both must write the same row, answer the same and refuse the same.
 */
describe("the typed note insert writes what Prisma writes", () => {
  const prisma = getPrisma();
  const tag = randomBytes(4).toString("hex");
  let companyId: number;
  let otherCompanyId: number;
  let candidateId: number;
  let otherCandidateId: number;
  let userId: string;

  /** The company as an actor, through a client with a pool (typed) and through one without (Prisma). */
  const contexts = (actor: ServiceContext["actor"]) => {
    const typed = systemContext(prisma, companyId, actor);
    const viaPrisma: ServiceContext = { ...typed, db: scopeToCompany(prisma, companyId) as never };
    expect(baseClientOf(typed.db)).toBeDefined();
    expect(baseClientOf(viaPrisma.db)).toBeUndefined();
    return { typed, viaPrisma };
  };

  beforeAll(async () => {
    const company = await createCompany(prisma, { name: `Notes ${tag}` });
    const other = await createCompany(prisma, { name: `Other notes ${tag}` });
    companyId = company.id;
    otherCompanyId = other.id;
    const svc = systemContext(prisma, company.id, { type: "api", apiKeyId: 1 });
    const job = await createJob(svc, { title: "Platform Engineer" });
    candidateId = (await createCandidate(svc, { job_id: job.id, name: "Noted Person" }, { source: "public_api" })).id;
    const otherSvc = systemContext(prisma, other.id);
    const otherJob = await createJob(otherSvc, { title: "Elsewhere" });
    otherCandidateId = (await createCandidate(otherSvc, { job_id: otherJob.id, name: "Not Yours" }, { source: "public_api" })).id;
    userId = (await createUser(prisma, { companyId, email: `notes-${tag}@example.com`, password: "correct horse battery staple", name: "Recruiter", role: "recruiter" })).id;
  });

  const stored = async (id: number) => {
    const { id: _id, createdAt, ...row } = await prisma.candidateActivity.findUniqueOrThrow({ where: { id } });
    expect(Math.abs(createdAt.getTime() - Date.now())).toBeLessThan(60_000);
    return row;
  };

  for (const [name, actor] of [
    ["an API key", { type: "api", apiKeyId: 1 }],
    ["a signed-in user", "user"],
  ] as const) {
    it(`as ${name}: same row, same answer`, async () => {
      const { typed, viaPrisma } = contexts(actor === "user" ? { type: "user", userId } : actor);
      const a = await addNote(typed, candidateId, "  Strong systems background\n");
      const b = await addNote(viaPrisma, candidateId, "  Strong systems background\n");
      expect(a.id).not.toBe(b.id);
      const strip = ({ id: _id, created_at: _at, ...rest }: typeof a) => rest;
      expect(strip(a)).toEqual(strip(b));
      expect(a).toMatchObject({ candidate_id: candidateId, note: "Strong systems background", added_by: actor === "user" ? "user" : "api", performer_id: actor === "user" ? userId : null });
      expect(Date.parse(a.created_at)).toBe((await prisma.candidateActivity.findUniqueOrThrow({ where: { id: a.id } })).createdAt.getTime());
      const [rowA, rowB] = [await stored(a.id), await stored(b.id)];
      expect(rowA).toEqual(rowB);
      expect(rowA).toMatchObject({ companyId, candidateId, type: "note_added", data: null });
    });
  }

  it("another company's candidate, or none, is the same 404 on both paths and writes nothing", async () => {
    const { typed, viaPrisma } = contexts({ type: "api", apiKeyId: 1 });
    // Counted over this file's two companies only: the database is shared with the files running
    // beside this one, which write activities of their own at any moment.
    const mine = { companyId: { in: [companyId, otherCompanyId] } };
    const before = await prisma.candidateActivity.count({ where: mine });
    for (const svc of [typed, viaPrisma]) {
      for (const id of [otherCandidateId, 2147483647]) {
        const error = await addNote(svc, id, "Should not land").catch((e: unknown) => e);
        expect(error).toBeInstanceOf(AppError);
        expect((error as AppError).code).toBe("not_found");
      }
    }
    expect(await prisma.candidateActivity.count({ where: mine })).toBe(before);
  });

  it("text PostgreSQL cannot store is a 400, not a 500, on both paths", async () => {
    const { typed, viaPrisma } = contexts({ type: "api", apiKeyId: 1 });
    for (const svc of [typed, viaPrisma]) {
      const error = await addNote(svc, candidateId, "Nul\u0000Byte").catch((e: unknown) => e);
      expect(toAppError(error).code).toBe("bad_request");
    }
  });
});
