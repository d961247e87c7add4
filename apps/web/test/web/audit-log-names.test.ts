import { randomBytes } from "node:crypto";
import { appRouter, createCallerFactory, createCandidate, createUser, recordAudit, systemContext } from "@hireflow/core";
import { AUDIT_ACTION_KINDS, AUDIT_ACTIONS, actionsOfKind, type AuditActionKind } from "@hireflow/core/audit/contract";
import { getPrisma } from "@hireflow/db";
import { beforeAll, describe, expect, it } from "vitest";
import { createTestCompany, type TestCompany } from "../helpers/fixtures.ts";

/**
 * Settings → Audit log (#43 §15): the ids an entry holds come with names (members by their UUID,
 * candidates by id), read for the page and only of the company; sign-ins, which crowd everything
 * else, can be hidden; and every action belongs to exactly one kind of the "Kind" filter.
 */
let co: TestCompany;
let owner: { id: string; email: string };
const ownerOf = (companyId: number, userId: string) => createCallerFactory(appRouter)({ prisma: getPrisma(), requestId: "t", principal: { kind: "user", companyId, userId, role: "owner" } });
let caller: ReturnType<typeof ownerOf>;

const member = (companyId: number, name: string, role: "owner" | "recruiter" = "recruiter") =>
  createUser(getPrisma(), { companyId, email: `m-${randomBytes(4).toString("hex")}@example.com`, password: "correct horse battery staple", name, role });

beforeAll(async () => {
  co = await createTestCompany();
  owner = await member(co.id, "Olive Owner", "owner");
  caller = ownerOf(co.id, owner.id);
});

describe("the audit log's kinds", () => {
  it("put every action in exactly one kind", () => {
    const kinds = Object.keys(AUDIT_ACTION_KINDS) as AuditActionKind[];
    for (const action of Object.keys(AUDIT_ACTIONS)) expect(kinds.filter((kind) => actionsOfKind(kind).includes(action as never)), action).toHaveLength(1);
  });
});

describe("the list", () => {
  it("names the members and candidates an entry refers to by id, not another company's", async () => {
    const lead = await member(co.id, "Lee Lead");
    const stranger = await member((await createTestCompany()).id, "Stan Stranger");
    const svc = systemContext(getPrisma(), co.id, { type: "user", userId: owner.id });
    const candidate = await createCandidate(svc, { job_id: co.jobId, name: "Casey Candidate" }, { source: "public_api" });
    await recordAudit(svc.db, svc, { action: "job.hiring_team_updated", target: { type: "job", id: co.jobId, label: "Software Engineer" }, data: { before: [stranger.id], after: [lead.id] } });
    await recordAudit(svc.db, svc, { action: "scheduling_link.created", target: { type: "scheduling_link", id: 1, label: "x" }, data: { candidate_id: candidate.id, interviewer_ids: [lead.id] } });
    await recordAudit(svc.db, svc, { action: "availability.updated", target: { type: "user", id: lead.id, label: lead.id }, data: { time_zone: "Europe/Berlin" } });

    const page = await caller.auditLog.list({ limit: 10 });
    expect(page.names[lead.id]).toBe("Lee Lead");
    expect(page.names[`candidate:${candidate.id}`]).toBe("Casey Candidate");
    // A member of another company stays an id.
    expect(page.names[stranger.id]).toBeUndefined();
    expect(page.names[owner.id]).toBeUndefined();
  });

  it("hides sign-ins when asked, unless the filter asks for them; filters by kind", async () => {
    const other = await createTestCompany();
    const admin = await member(other.id, "Ada Admin", "owner");
    const as = ownerOf(other.id, admin.id);
    const svc = systemContext(getPrisma(), other.id, { type: "user", userId: admin.id });
    for (let i = 0; i < 3; i++) await recordAudit(svc.db, svc, { action: "auth.signed_in", target: { type: "user", id: admin.id, label: admin.email } });
    await recordAudit(svc.db, svc, { action: "auth.sign_in_failed", target: { type: "user", id: admin.id, label: admin.email }, anonymous: { label: admin.email }, data: { reason: "wrong_password" } });
    await as.apiKeys.create({ name: "kept" });
    const actions = async (filters: Parameters<typeof as.auditLog.list>[0]) => (await as.auditLog.list({ limit: 100, ...filters })).data.map((e) => e.action);

    expect(await actions({})).toEqual(expect.arrayContaining(["auth.signed_in", "auth.sign_in_failed", "api_key.created"]));
    const hidden = await actions({ sign_ins: "hide" });
    expect(hidden).toContain("api_key.created");
    expect(hidden.filter((a) => a.startsWith("auth."))).toEqual([]);
    expect(await actions({ sign_ins: "hide", action: "auth.signed_in" })).toEqual(["auth.signed_in", "auth.signed_in", "auth.signed_in"]);
    expect((await actions({ sign_ins: "hide", kind: "sign_ins" })).sort()).toEqual(["auth.sign_in_failed", "auth.signed_in", "auth.signed_in", "auth.signed_in"]);
    expect(new Set(await actions({ kind: "access" }))).toEqual(new Set(["api_key.created"]));
    expect(await actions({ kind: "offers" })).toEqual([]);
  });
});
