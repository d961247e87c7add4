import { randomBytes } from "node:crypto";
import { getPrisma } from "@hireflow/db";
import { beforeAll, describe, expect, it } from "vitest";
import {
  createCandidate,
  createCompany,
  createJob,
  createOffer,
  createUser,
  decideOffer,
  getOffer,
  requestOfferApproval,
  systemContext,
  updateOffer,
} from "../../src/index.ts";
import { type ServiceContext } from "../../src/kernel/context.ts";
import { type UserRole } from "../../src/kernel/roles.ts";
import { findVisibleOffer } from "../../src/modules/offer/access.ts";
import { readVisibleOffer } from "../../src/modules/offer/read.ts";
import { type OfferView, serializeOfferDetail } from "../../src/modules/offer/serialize.ts";

/**
 * GET /offers/{id} reads with typed SQL (offer/read.ts) instead of Prisma's include. What it returns
 * must serialize exactly as Prisma's row does — every column, the versions newest first, the decisions
 * with their approvers — and it must find exactly the offers visibleOffers lets each member see.
 */
const prisma = getPrisma();
const tag = randomBytes(4).toString("hex");
let companyId: number;
let system: ServiceContext;
let other: ServiceContext;
const members = {} as Record<"owner" | "admin" | "lead" | "approver" | "bystander" | "interviewer", { id: string; svc: ServiceContext }>;
let fullOfferId: number;
let bareOfferId: number;
let otherJobOfferId: number;

async function member(name: string, role: UserRole) {
  const user = await createUser(prisma, { companyId, email: `${name}-${tag}@example.com`, password: "correct horse battery staple", name: `${name} ${tag}`, role });
  return { id: user.id, svc: { ...systemContext(prisma, companyId, { type: "user", userId: user.id }), role } };
}

const columns = ({ versions: _v, approvals: _a, ...rest }: OfferView) => rest;

async function viaPrisma(svc: ServiceContext, id: number): Promise<OfferView | null> {
  return findVisibleOffer(svc.db, svc, id).catch(() => null);
}

beforeAll(async () => {
  companyId = (await createCompany(prisma, { name: `Offer read ${tag}` })).id;
  system = systemContext(prisma, companyId);
  other = systemContext(prisma, (await createCompany(prisma, { name: `Other ${tag}` })).id);
  members.owner = await member("owner", "owner");
  members.admin = await member("admin", "admin");
  members.lead = await member("lead", "recruiter");
  members.approver = await member("approver", "recruiter");
  members.bystander = await member("bystander", "recruiter");
  members.interviewer = await member("interviewer", "interviewer");
  const jobId = (await createJob(system, { title: "Platform Engineer", hiring_team_lead_ids: [members.lead.id] })).id;
  const otherJobId = (await createJob(system, { title: "Designer" })).id;
  const candidate = async (job: number, name: string) => (await createCandidate(system, { job_id: job, name }, { source: "public_api" })).id;

  // Every optional term set, two versions, and decisions of two rounds (a reject, then approvals).
  fullOfferId = (
    await createOffer(members.owner.svc, {
      candidate_id: await candidate(jobId, "Zoë Łukasiewicz"),
      start_date: "2027-03-01",
      salary: { amount: 85000, currency: "EUR", period: "year" },
      bonus: { amount: 5000, currency: "EUR" },
      equity: "0.1 % over four years",
      expires_at: "2099-01-02T03:04:05.678Z",
      notes: "Band B",
      approval_steps: [{ approver_ids: [members.approver.id, members.admin.id], required: 1 }, { approver_ids: [members.owner.id], required: 1 }],
    })
  ).id;
  await requestOfferApproval(members.owner.svc, fullOfferId);
  await decideOffer(members.approver.svc, { id: fullOfferId, decision: "reject", comment: "Too high" });
  await updateOffer(members.owner.svc, { id: fullOfferId, salary: { amount: 82000, currency: "EUR", period: "year" } });
  await requestOfferApproval(members.owner.svc, fullOfferId);
  await decideOffer(members.admin.svc, { id: fullOfferId, decision: "approve" });
  // Nothing optional, no chain, on a job the lead does not lead.
  bareOfferId = (await createOffer(members.owner.svc, { candidate_id: await candidate(jobId, "Bare Minimum"), start_date: "2027-01-31", salary: { amount: 40, currency: "USD", period: "hour" }, approval_steps: [] })).id;
  otherJobOfferId = (await createOffer(members.owner.svc, { candidate_id: await candidate(otherJobId, "Elsewhere"), start_date: "2027-02-01", salary: { amount: 1, currency: "JPY", period: "month" }, approval_steps: [] })).id;
});

describe("GET /offers/{id}'s typed read", () => {
  it("an offer with every term, two versions and two rounds of decisions reads as Prisma's row does", async () => {
    const typed = await readVisibleOffer(members.owner.svc, fullOfferId);
    const prismaRow = await viaPrisma(members.owner.svc, fullOfferId);
    expect(typed).toBeTruthy();
    expect(columns(typed!)).toEqual(columns(prismaRow!));
    expect(serializeOfferDetail(typed!)).toEqual(serializeOfferDetail(prismaRow!));
    // The fixture is what it claims to be, so the comparison above compared something.
    const detail = serializeOfferDetail(typed!);
    expect(detail.versions.map((v) => [v.number, v.status, v.salary.amount])).toEqual([[2, "current", 82000], [1, "superseded", 85000]]);
    expect(detail.approvals.map((a) => [a.approver.name, a.decision, a.comment, a.current])).toEqual([
      [`approver ${tag}`, "reject", "Too high", false],
      [`admin ${tag}`, "approve", "", true],
    ]);
    expect(detail).toMatchObject({ bonus: { amount: 5000, currency: "EUR" }, equity: "0.1 % over four years", expires_at: "2099-01-02T03:04:05.678Z", start_date: "2027-03-01", notes: "Band B", status: "pending_approval", current_step: 1 });
    expect(await getOffer(members.owner.svc, fullOfferId)).toEqual(serializeOfferDetail(prismaRow!));
  });

  it("an offer with nothing optional reads as Prisma's row does", async () => {
    const typed = await readVisibleOffer(members.admin.svc, bareOfferId);
    const prismaRow = await viaPrisma(members.admin.svc, bareOfferId);
    expect(columns(typed!)).toEqual(columns(prismaRow!));
    expect(serializeOfferDetail(typed!)).toEqual(serializeOfferDetail(prismaRow!));
    expect(serializeOfferDetail(typed!)).toMatchObject({ bonus: null, equity: null, expires_at: null, approvals: [], start_date: "2027-01-31" });
  });

  it("finds exactly the offers each member may see, and none of another company", async () => {
    const seen: Record<string, boolean[]> = {};
    for (const [name, { svc }] of Object.entries(members)) {
      seen[name] = [];
      for (const id of [fullOfferId, bareOfferId, otherJobOfferId]) {
        const typed = await readVisibleOffer(svc, id);
        expect(typed === null, `${name} reads offer ${id} as Prisma does`).toBe((await viaPrisma(svc, id)) === null);
        seen[name]!.push(typed !== null);
      }
    }
    expect(seen).toEqual({
      owner: [true, true, true],
      admin: [true, true, true],
      // The lead leads the first job (both of its offers); the approver is on the first offer's chain only.
      lead: [true, true, false],
      approver: [true, false, false],
      bystander: [false, false, false],
      interviewer: [false, false, false],
    });
    expect(await readVisibleOffer(system, otherJobOfferId)).not.toBeNull();
    expect(await readVisibleOffer(other, fullOfferId)).toBeNull();
    await expect(getOffer(other, fullOfferId)).rejects.toMatchObject({ code: "not_found" });
    await expect(getOffer(members.bystander.svc, fullOfferId)).rejects.toMatchObject({ code: "not_found" });
  });

  it("inside a transaction (no pool of its own) it leaves the read to Prisma", async () => {
    await system.db.$transaction(async (tx) => {
      expect(await readVisibleOffer({ ...system, db: tx as never }, fullOfferId)).toBeUndefined();
    });
  });
});
