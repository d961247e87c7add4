import { randomBytes } from "node:crypto";
import { getPrisma } from "@hireflow/db";
import { beforeAll, describe, expect, it } from "vitest";
import { AppError, createCandidate, createCompany, createJob, systemContext } from "../src/index.ts";
import { baseClientOf, scopeToCompany } from "../src/kernel/tenancy.ts";
import { type ServiceContext } from "../src/kernel/context.ts";
import { type CreateCandidateInput } from "../src/modules/candidate/contract/candidate.ts";

/**
 * A plain POST /candidates (no resume, no screening, no event) is one typed statement on the pg pool
 * (services/candidate-insert.ts); every other create, and any create through a client without a pool,
 * is Prisma's transaction. Both must write the same rows and answer the same.
 */
describe("the typed candidate insert writes what Prisma's transaction writes", () => {
  const prisma = getPrisma();
  let typed: ServiceContext;
  let viaPrisma: ServiceContext;
  let other: ServiceContext;
  let jobId: number;
  const tag = randomBytes(4).toString("hex");

  beforeAll(async () => {
    const company = await createCompany(prisma, { name: `Insert ${tag}`, defaultPhoneRegion: "DE" });
    const otherCompany = await createCompany(prisma, { name: `Other ${tag}` });
    typed = systemContext(prisma, company.id, { type: "api", apiKeyId: 1 });
    // The same company through a scoped client with no pool of its own: createCandidate takes Prisma's path.
    viaPrisma = { ...typed, db: scopeToCompany(prisma, company.id) as never };
    other = systemContext(prisma, otherCompany.id);
    expect(baseClientOf(typed.db)).toBeDefined();
    expect(baseClientOf(viaPrisma.db)).toBeUndefined();
    jobId = (await createJob(typed, { title: "Data Engineer" })).id;
  });

  const stored = async (id: number) => {
    const candidate = await prisma.candidate.findUniqueOrThrow({ where: { id } });
    const activities = await prisma.candidateActivity.findMany({ where: { candidateId: id }, orderBy: { id: "asc" } });
    return { candidate, activities };
  };
  /** What must be equal between two candidates made by the same input: everything but ids and times. */
  const comparable = ({ candidate, activities }: Awaited<ReturnType<typeof stored>>) => {
    const { id, publicId, createdAt, updatedAt, ...rest } = candidate;
    expect(publicId).toMatch(/^cand_[0-9a-f]{32}$/);
    expect(Math.abs(createdAt.getTime() - Date.now())).toBeLessThan(60_000);
    expect(Math.abs(updatedAt.getTime() - createdAt.getTime())).toBeLessThan(1_000);
    return {
      candidate: rest,
      activities: activities.map((a) => {
        expect(a.candidateId).toBe(id);
        expect(Math.abs(a.createdAt.getTime() - createdAt.getTime())).toBeLessThan(1_000);
        return without(a, "id", "candidateId", "createdAt");
      }),
    };
  };

  const inputs: Array<{ name: string; input: Omit<CreateCandidateInput, "job_id"> }> = [
    { name: "every field", input: { name: "Grace Hopper", email: `Grace-${tag}@Example.com`, phone: "030 1234567", linkedin: "https://www.linkedin.com/in/grace", location: "Berlin", stage: "phonescreen", notes: "  Met at a conference  " } },
    { name: "the least", input: { name: "Only A Name" } },
    { name: "an empty location and a blank note", input: { name: "Blank Bits", location: "", notes: "   " } },
  ];

  for (const { name, input } of inputs) {
    it(`${name}: same rows, same answer`, async () => {
      const viaSql = await createCandidate(typed, { job_id: jobId, ...input, ...(input.email ? { email: `a-${input.email}` } : {}) }, { source: "public_api" });
      const viaTx = await createCandidate(viaPrisma, { job_id: jobId, ...input, ...(input.email ? { email: `b-${input.email}` } : {}) }, { source: "public_api" });
      const a = comparable(await stored(viaSql.id));
      const b = comparable(await stored(viaTx.id));
      if (input.email) {
        expect(a.candidate.email).toBe(`a-${input.email}`);
        a.candidate.email = b.candidate.email;
      }
      expect(a).toEqual(b);
      const strip = (answer: typeof viaSql) => without(answer, "id", "public_id", "email", "created_at", "updated_at", "applied_at");
      expect(strip(viaSql)).toEqual(strip(viaTx));
      expect(viaSql.job).toEqual({ id: jobId, title: "Data Engineer" });
      expect(viaSql.id).toBeGreaterThan(0);
    });
  }

  it("the phone is normalised with the company's region, the note is an activity after `created`", async () => {
    const created = await createCandidate(typed, { job_id: jobId, name: "Region Check", phone: "030 1234567", notes: "First" }, { source: "public_api" });
    expect(created.phone).toBe("+49301234567");
    const { activities } = await stored(created.id);
    expect(activities.map((a) => [a.type, a.addedBy, a.note])).toEqual([["created", "api", null], ["note_added", "api", "First"]]);
    expect(activities[0]!.data).toEqual({ source: "public_api", stage: "prospect" });
  });

  it("a duplicate e-mail (any case) is the same 409 on both paths, and nothing is written", async () => {
    const email = `dup-${tag}@example.com`;
    const first = await createCandidate(typed, { job_id: jobId, name: "First", email }, { source: "public_api" });
    const before = await prisma.candidate.count({ where: { companyId: typed.companyId } });
    for (const svc of [typed, viaPrisma]) {
      const error = await createCandidate(svc, { job_id: jobId, name: "Second", email: email.toUpperCase() }, { source: "public_api" }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).code).toBe("conflict");
      expect((error as AppError).message).toContain(`candidate ${first.id}`);
    }
    expect(await prisma.candidate.count({ where: { companyId: typed.companyId } })).toBe(before);
  });

  it("another company's job is a 404 and writes nothing", async () => {
    // Counted over this file's two companies and its job only: the database is shared with the files
    // running beside this one, which create candidates of their own at any moment.
    const mine = { OR: [{ companyId: { in: [typed.companyId, other.companyId] } }, { jobId }] };
    const before = await prisma.candidate.count({ where: mine });
    const error = await createCandidate(other, { job_id: jobId, name: "Intruder" }, { source: "public_api" }).catch((e: unknown) => e);
    expect((error as AppError).code).toBe("not_found");
    expect(await prisma.candidate.count({ where: mine })).toBe(before);
  });

  it("text PostgreSQL cannot store is a 400, not a 500", async () => {
    const error = await createCandidate(typed, { job_id: jobId, name: "Nul\u0000Byte" }, { source: "public_api" }).catch((e: unknown) => e);
    const { toAppError } = await import("../src/kernel/errors.ts");
    expect(toAppError(error).code).toBe("bad_request");
  });
});

/** A copy without the given keys (ids and times that differ between two otherwise equal rows). */
function without<T extends object>(value: T, ...keys: string[]): Record<string, unknown> {
  return Object.fromEntries(Object.entries(value).filter(([key]) => !keys.includes(key)));
}
