import { randomBytes } from "node:crypto";
import { appRouter, createCallerFactory, createUser, type UserRole } from "@hireflow/core";
import { getPrisma } from "@hireflow/db";
import { describe, expect, it } from "vitest";
import { useApiApp } from "../helpers/api-app.ts";
import { apiClient } from "../helpers/client.ts";
import { createTestCompany } from "../helpers/fixtures.ts";

/**
 * A job's hiring team leads (issue 26 §3) over real HTTP: `hiring_team_lead_ids` on GET, the list, POST
 * and PATCH (which replaces the list); a 400 naming the entry for a non-member, another company's user,
 * an interviewer or a malformed id, with nothing written; the leads leave every list when the member is
 * removed or made an interviewer. (Who the leads let see which scorecards: scorecards.test.ts.)
 */
const app = useApiApp();
const unique = () => randomBytes(4).toString("hex");
const detailsOf = (body: { error?: { details?: { field: string }[] } }) => body.error?.details?.map((d) => d.field) ?? [];

function member(companyId: number, role: UserRole) {
  return createUser(getPrisma(), { companyId, email: `${role}-${unique()}@example.com`, password: "correct horse battery", name: `A ${role}`, role });
}

describe("hiring_team_lead_ids on /api/v1/jobs", () => {
  it("POST sets them in the order given (duplicates once), GET and the list show them, PATCH replaces them and [] clears them; a PATCH without the field keeps them", async () => {
    const [recruiter, admin, owner] = [await member(app.acme.id, "recruiter"), await member(app.acme.id, "admin"), await member(app.acme.id, "owner")];
    const created = await app.api.post("/jobs", { title: `Lead job ${unique()}`, hiring_team_lead_ids: [admin.id, recruiter.id.toUpperCase(), admin.id] });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.data.id as number;
    expect(created.body.data.hiring_team_lead_ids).toEqual([admin.id, recruiter.id]);
    expect((await app.api.get(`/jobs/${id}`)).body.data.hiring_team_lead_ids).toEqual([admin.id, recruiter.id]);
    const listed = (await app.api.get("/jobs?limit=100")).body.data as { id: number; hiring_team_lead_ids: string[] }[];
    expect(listed.find((job) => job.id === id)?.hiring_team_lead_ids).toEqual([admin.id, recruiter.id]);
    expect(listed.find((job) => job.id === app.acme.jobId)?.hiring_team_lead_ids).toEqual([]);

    const replaced = await app.api.patch(`/jobs/${id}`, { hiring_team_lead_ids: [owner.id, admin.id] });
    expect(replaced.status, JSON.stringify(replaced.body)).toBe(200);
    expect(replaced.body.data.hiring_team_lead_ids).toEqual([owner.id, admin.id]);
    const untouched = await app.api.patch(`/jobs/${id}`, { title: "Renamed" });
    expect(untouched.body.data.hiring_team_lead_ids).toEqual([owner.id, admin.id]);
    const cleared = await app.api.patch(`/jobs/${id}`, { hiring_team_lead_ids: [] });
    expect(cleared.body.data.hiring_team_lead_ids).toEqual([]);
    expect((await app.api.get(`/jobs/${id}`)).body.data.hiring_team_lead_ids).toEqual([]);
  });

  it("answers 400 naming the entry for another company's user, an interviewer, an unknown id or not a UUID — and writes nothing", async () => {
    const other = await createTestCompany();
    const [stranger, interviewer, lead] = [await member(other.id, "admin"), await member(app.acme.id, "interviewer"), await member(app.acme.id, "recruiter")];
    const job = await app.api.post("/jobs", { title: `Refusals ${unique()}`, hiring_team_lead_ids: [lead.id] });
    expect(job.status, JSON.stringify(job.body)).toBe(201);
    const id = job.body.data.id as number;
    const cases: [unknown[], string, RegExp][] = [
      [[lead.id, stranger.id], "hiring_team_lead_ids[1]", /No member with id/],
      [[interviewer.id], "hiring_team_lead_ids[0]", /role interviewer/],
      [["00000000-0000-4000-8000-000000000000"], "hiring_team_lead_ids[0]", /No member with id/],
      [["grace"], "hiring_team_lead_ids[0]", /UUID/],
      [[42], "hiring_team_lead_ids[0]", /./],
    ];
    const jobsBefore = await getPrisma().job.count({ where: { companyId: app.acme.id } });
    const departmentsBefore = await getPrisma().department.count({ where: { companyId: app.acme.id } });
    for (const [ids, field, message] of cases) {
      for (const res of [
        await app.api.post("/jobs", { title: "Never created", department: `New department ${unique()}`, hiring_team_lead_ids: ids }),
        await app.api.patch(`/jobs/${id}`, { title: "Never renamed", hiring_team_lead_ids: ids }),
      ]) {
        expect([res.status, res.body.error?.code], JSON.stringify(res.body)).toEqual([400, "validation_error"]);
        expect(detailsOf(res.body), JSON.stringify(res.body)).toEqual([field]);
        expect(res.body.error.details[0].message).toMatch(message);
      }
    }
    expect(await getPrisma().job.count({ where: { companyId: app.acme.id } })).toBe(jobsBefore);
    expect(await getPrisma().department.count({ where: { companyId: app.acme.id } }), "a refused create leaves no new department").toBe(departmentsBefore);
    expect((await app.api.get(`/jobs/${id}`)).body.data).toMatchObject({ title: expect.stringMatching(/^Refusals/), hiring_team_lead_ids: [lead.id] });
    // Another company sees neither the job nor its leads.
    expect((await apiClient(app.url, other).get(`/jobs/${id}`)).status).toBe(404);
  });

  it("a member removed, or made an interviewer, leaves every job's leads; the others stay", async () => {
    const prisma = getPrisma();
    const owner = await member(app.acme.id, "owner");
    const [leaving, demoted, staying] = [await member(app.acme.id, "recruiter"), await member(app.acme.id, "admin"), await member(app.acme.id, "recruiter")];
    const ids: number[] = [];
    for (const title of ["First led job", "Second led job"]) {
      const res = await app.api.post("/jobs", { title, hiring_team_lead_ids: [leaving.id, demoted.id, staying.id] });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      ids.push(res.body.data.id);
    }
    const caller = createCallerFactory(appRouter)({ prisma, requestId: "test", principal: { kind: "user", companyId: app.acme.id, userId: owner.id, role: "owner" } });
    await caller.team.removeMember({ user_id: leaving.id });
    await caller.team.changeRole({ user_id: demoted.id, role: "interviewer" });
    for (const id of ids) expect((await app.api.get(`/jobs/${id}`)).body.data.hiring_team_lead_ids).toEqual([staying.id]);
    const roleChange = await prisma.auditLogEntry.findFirstOrThrow({ where: { companyId: app.acme.id, action: "member.role_changed", targetId: demoted.id } });
    expect(roleChange.data).toMatchObject({ from: "admin", to: "interviewer", hiring_team_leads_dropped: 2 });
    // Made a recruiter again, they are not a lead again by themselves.
    await caller.team.changeRole({ user_id: demoted.id, role: "recruiter" });
    expect((await app.api.get(`/jobs/${ids[0]}`)).body.data.hiring_team_lead_ids).toEqual([staying.id]);
  });
});
