import { randomBytes } from "node:crypto";
import { appRouter, createCallerFactory, createUser, type UserRole } from "@hireflow/core";
import { type CandidateScorecardsDto } from "@hireflow/core/interview/contract";
import { getScorecardsTool } from "@hireflow/core/mcp/tools/get-scorecards";
import { openApiDocument } from "@hireflow/core/openapi";
import { getPrisma } from "@hireflow/db";
import { beforeAll, describe, expect, it } from "vitest";
import { useApiApp } from "../helpers/api-app.ts";
import { apiClient, type ApiClient } from "../helpers/client.ts";
import { addApiKey, createTestCompany, type TestCompany } from "../helpers/fixtures.ts";

/**
 * Scorecards over real HTTP (issue 26 §3): submitting as an API key on behalf of a panel member,
 * validation against the interview's kit (`ratings[i].attribute`), editing until the candidate is
 * hired or rejected, the timeline and the scorecard.submitted event (never the notes), other
 * companies' 404s, the scopes — and the no-anchoring visibility for every role, submitted or not,
 * through the router as the web app calls it.
 */
const app = useApiApp();
const unique = () => randomBytes(4).toString("hex");
const ATTRIBUTES = ["System design", "Communication", "Ownership"];

interface Company {
  co: TestCompany;
  api: ApiClient;
  members: Record<"owner" | "admin" | "recruiter" | "panelA" | "panelB" | "outsider", { id: string; role: UserRole }>;
  candidate: number;
  interview: number;
}

async function company(): Promise<Company> {
  const co = await createTestCompany();
  const api = apiClient(app.url, co);
  const prisma = getPrisma();
  const roles = { owner: "owner", admin: "admin", recruiter: "recruiter", panelA: "interviewer", panelB: "interviewer", outsider: "interviewer" } as const;
  const members = {} as Company["members"];
  for (const [name, role] of Object.entries(roles)) {
    const user = await createUser(prisma, { companyId: co.id, email: `${name.toLowerCase()}-${unique()}@example.com`, password: "correct horse battery", name, role });
    members[name as keyof typeof roles] = { id: user.id, role };
  }
  const created = await api.post("/candidates", { job_id: co.jobId, name: "Ada Lovelace", email: `ada-${unique()}@example.com` });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const candidate = created.body.data;
  const kit = await prisma.jobInterview.create({ data: { companyId: co.id, jobId: co.jobId, stageKey: candidate.stage, position: 0, name: "Technical interview", durationMinutes: 60, attributes: ATTRIBUTES } });
  const scheduled = await api.post("/interviews", {
    candidate_id: candidate.id,
    interview_id: kit.id,
    start_at: "2026-01-05T09:00:00Z",
    time_zone: "Europe/Berlin",
    interviewer_ids: [members.panelA.id, members.panelB.id, members.recruiter.id],
  });
  expect(scheduled.status, JSON.stringify(scheduled.body)).toBe(201);
  return { co, api, members, candidate: candidate.id, interview: scheduled.body.data.id };
}

let A: Company;
let B: Company;
beforeAll(async () => {
  A = await company();
  B = await company();
});

const submit = (c: Company, body: Record<string, unknown>, interview = c.interview) => c.api.post(`/interviews/${interview}/scorecards`, body);

function callerAs(c: Company, member: { id: string; role: UserRole }) {
  return createCallerFactory(appRouter)({ prisma: getPrisma(), requestId: "test", principal: { kind: "user", companyId: c.co.id, userId: member.id, role: member.role } });
}

const detailsOf = (body: { error?: { details?: { field: string }[] } }) => body.error?.details?.map((d) => d.field) ?? [];

describe("POST /interviews/{id}/scorecards", () => {
  it("submits on behalf of a panel member (201): the kit's attributes in order, those left out not_assessed; an edit keeps the id (200); both in the timeline and as events without the notes", async () => {
    const c = await company();
    const first = await submit(c, { ratings: [{ attribute: "Communication", rating: "strong_yes" }, { attribute: "System design", rating: "no" }], recommendation: "yes", notes: "Secret debrief", on_behalf_of: c.members.panelA.id });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.data).toMatchObject({
      interview_id: c.interview,
      candidate_id: c.candidate,
      interviewer: { id: c.members.panelA.id, name: "panelA" },
      ratings: [
        { attribute: "System design", rating: "no" },
        { attribute: "Communication", rating: "strong_yes" },
        { attribute: "Ownership", rating: "not_assessed" },
      ],
      recommendation: "yes",
      notes: "Secret debrief",
    });
    const edited = await submit(c, { ratings: [{ attribute: "Ownership", rating: "yes" }], recommendation: "strong_yes", on_behalf_of: c.members.panelA.id });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.data).toMatchObject({ id: first.body.data.id, recommendation: "strong_yes", notes: "Secret debrief", submitted_at: first.body.data.submitted_at });
    expect(edited.body.data.ratings[2]).toEqual({ attribute: "Ownership", rating: "yes" });
    expect((await c.api.get(`/scorecards/${first.body.data.id}`)).body.data).toEqual(edited.body.data);

    const timeline = await getPrisma().candidateActivity.findMany({ where: { candidateId: c.candidate, type: "scorecard" }, orderBy: { id: "asc" } });
    expect(timeline.map((entry) => [entry.performerId, entry.addedBy, (entry.data as { event: string }).event])).toEqual([
      [c.members.panelA.id, "api", "submitted"],
      [c.members.panelA.id, "api", "updated"],
    ]);
    expect(JSON.stringify(timeline)).not.toContain("Secret debrief");

    const events = await c.api.get(`/events?type=scorecard.submitted&candidate_id=${c.candidate}`);
    expect(events.status, JSON.stringify(events.body)).toBe(200);
    const payloads = (events.body.data as { payload: Record<string, any> }[]).map((e) => e.payload).reverse();
    expect(payloads.map((p) => [p.event, p.first_submission, p.scorecard.recommendation])).toEqual([
      ["scorecard.submitted", true, "yes"],
      ["scorecard.submitted", false, "strong_yes"],
    ]);
    expect(payloads[0]).toMatchObject({ interview: { id: c.interview, title: "Technical interview" }, candidate: { id: c.candidate }, changed_by: "api", changed_by_user_id: null });
    expect(payloads[0]!.scorecard.interviewer.id).toBe(c.members.panelA.id);
    expect(JSON.stringify(payloads)).not.toContain("Secret debrief");
    expect(payloads[0]!.scorecard).not.toHaveProperty("notes");
  });

  it("answers 400 naming the field: an attribute not in the kit, one rated twice, an unknown rating or recommendation, notes too long", async () => {
    const base = { recommendation: "yes", on_behalf_of: A.members.panelB.id };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, ratings: [{ attribute: "System design", rating: "yes" }, { attribute: "Charisma", rating: "yes" }] }, "ratings[1].attribute"],
      [{ ...base, ratings: [{ attribute: "Ownership", rating: "yes" }, { attribute: "Ownership", rating: "no" }] }, "ratings[1].attribute"],
      [{ ...base, ratings: [{ attribute: "Ownership", rating: "maybe" }] }, "ratings[0].rating"],
      [{ ...base, ratings: [{ attribute: "Ownership" }] }, "ratings[0].rating"],
      [{ ...base, recommendation: "not_assessed" }, "recommendation"],
      [{ on_behalf_of: A.members.panelB.id }, "recommendation"],
      [{ ...base, notes: "x".repeat(10_001) }, "notes"],
      [{ ...base, extra: true }, "extra"],
    ];
    for (const [body, field] of cases) {
      const res = await submit(A, body);
      expect(res.status, `${JSON.stringify(body).slice(0, 200)} → ${JSON.stringify(res.body)}`).toBe(400);
      expect(res.body.error.code).toBe("validation_error");
      expect(detailsOf(res.body).join(","), JSON.stringify(res.body)).toContain(field);
    }
    const unknown = await submit(A, { ...base, ratings: [{ attribute: "Charisma", rating: "yes" }] });
    expect(unknown.body.error.details[0].message).toMatch(/"Charisma" is not an attribute of the interview's kit \(one of "System design", "Communication", "Ownership"\)/);
    expect(await getPrisma().scorecard.count({ where: { interviewId: A.interview, interviewerId: A.members.panelB.id } })).toBe(0);
  });

  it("with an API key needs on_behalf_of naming a member (400) on the interview's panel (403)", async () => {
    const missing = await submit(A, { recommendation: "yes" });
    expect([missing.status, detailsOf(missing.body)], JSON.stringify(missing.body)).toEqual([400, ["on_behalf_of"]]);
    const notMember = await submit(A, { recommendation: "yes", on_behalf_of: B.members.panelA.id });
    expect([notMember.status, detailsOf(notMember.body)], JSON.stringify(notMember.body)).toEqual([400, ["on_behalf_of"]]);
    const notUuid = await submit(A, { recommendation: "yes", on_behalf_of: "grace" });
    expect([notUuid.status, detailsOf(notUuid.body)], JSON.stringify(notUuid.body)).toEqual([400, ["on_behalf_of"]]);
    const offPanel = await submit(A, { recommendation: "yes", on_behalf_of: A.members.outsider.id });
    expect([offPanel.status, offPanel.body.error.code], JSON.stringify(offPanel.body)).toEqual([403, "forbidden"]);
    expect(offPanel.body.error.message).toMatch(/not an interviewer of interview/);
  });

  it("a signed-in member submits as themself: on_behalf_of naming another member is a 400, a member off the panel a 403", async () => {
    const recruiter = callerAs(A, A.members.recruiter);
    await expect(recruiter.scorecards.submit({ id: String(A.interview), recommendation: "no", on_behalf_of: A.members.panelA.id })).rejects.toMatchObject({ message: expect.stringMatching(/on_behalf_of|request is invalid/) });
    await expect(callerAs(A, A.members.owner).scorecards.submit({ id: String(A.interview), recommendation: "no" })).rejects.toMatchObject({ message: expect.stringMatching(/not an interviewer/) });
  });

  it("answers 201 when it creates the member's scorecard and 200 when it replaces it; a retried create replays its 201; the OpenAPI document lists both with the scorecard", async () => {
    const c = await company();
    const key = { "idempotency-key": `scorecard-${unique()}` };
    const created = await c.api.post(`/interviews/${c.interview}/scorecards`, { recommendation: "yes", on_behalf_of: c.members.panelA.id }, key);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const replayed = await c.api.post(`/interviews/${c.interview}/scorecards`, { recommendation: "yes", on_behalf_of: c.members.panelA.id }, key);
    expect([replayed.status, replayed.headers.get("idempotent-replayed"), replayed.body.data.id]).toEqual([201, "true", created.body.data.id]);
    const replaced = await submit(c, { recommendation: "no", on_behalf_of: c.members.panelA.id });
    expect([replaced.status, replaced.body.data.id, replaced.body.data.recommendation]).toEqual([200, created.body.data.id, "no"]);
    // Another member's first scorecard of the same interview is a create again.
    expect((await submit(c, { recommendation: "yes", on_behalf_of: c.members.panelB.id })).status).toBe(201);

    const operation = (openApiDocument() as unknown as { paths: Record<string, Record<string, { responses: Record<string, { description: string; content?: Record<string, { schema: unknown }> }> }>> }).paths["/interviews/{id}/scorecards"]!.post!;
    const body = { $ref: "#/components/schemas/Scorecard" };
    expect(operation.responses["201"]?.content?.["application/json"]?.schema).toMatchObject({ properties: { data: body } });
    expect(operation.responses["200"]?.content?.["application/json"]?.schema).toEqual(operation.responses["201"]?.content?.["application/json"]?.schema);
    expect([operation.responses["201"]?.description, operation.responses["200"]?.description]).toEqual([expect.stringMatching(/created/), expect.stringMatching(/replaced/)]);
  });

  it("a canceled interview takes none, and a hired or rejected candidate's scorecards are frozen (409)", async () => {
    const c = await company();
    expect((await submit(c, { recommendation: "yes", on_behalf_of: c.members.panelA.id })).status).toBe(201);
    const hired = await c.api.patch(`/candidates/${c.candidate}`, { stage: "hired" });
    expect(hired.status, JSON.stringify(hired.body)).toBe(200);
    const frozen = await submit(c, { recommendation: "no", on_behalf_of: c.members.panelA.id });
    expect([frozen.status, frozen.body.error?.code], JSON.stringify(frozen.body)).toEqual([409, "conflict"]);
    expect(frozen.body.error.message).toMatch(/is hired/);
    const rejected = await c.api.patch(`/candidates/${c.candidate}`, { stage: "rejected" });
    expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);
    expect((await submit(c, { recommendation: "no", on_behalf_of: c.members.panelB.id })).status).toBe(409);

    const other = await company();
    expect((await other.api.call("DELETE", `/interviews/${other.interview}`)).status).toBe(200);
    const canceled = await submit(other, { recommendation: "yes", on_behalf_of: other.members.panelA.id });
    expect([canceled.status, canceled.body.error?.code]).toEqual([409, "conflict"]);
  });

  it("another company's interview, candidate and scorecard are not found (404), and nothing is written", async () => {
    const mine = await submit(A, { recommendation: "yes", on_behalf_of: A.members.recruiter.id });
    expect(mine.status, JSON.stringify(mine.body)).toBe(201);
    const before = await getPrisma().scorecard.count({ where: { companyId: { in: [A.co.id, B.co.id] } } });
    const asB = [
      await B.api.post(`/interviews/${A.interview}/scorecards`, { recommendation: "yes", on_behalf_of: B.members.panelA.id }),
      await B.api.post(`/interviews/${A.interview}/scorecards`, { recommendation: "yes", on_behalf_of: A.members.panelA.id }),
      await B.api.get(`/candidates/${A.candidate}/scorecards`),
      await B.api.get(`/scorecards/${mine.body.data.id}`),
    ];
    for (const res of asB) expect([res.status, res.body.error?.code], JSON.stringify(res.body)).toEqual([404, "not_found"]);
    expect(await getPrisma().scorecard.count({ where: { companyId: { in: [A.co.id, B.co.id] } } })).toBe(before);
    for (const path of ["/scorecards/0", "/scorecards/abc", "/candidates/1e3/scorecards", "/interviews/-1/scorecards"]) {
      const res = path.startsWith("/interviews") ? await A.api.post(path, { recommendation: "yes" }) : await A.api.get(path);
      expect(res.status, `${path} → ${JSON.stringify(res.body)}`).toBe(400);
    }
  });

  it("needs scorecards:read to read and scorecards:write to submit (403 naming the scope)", async () => {
    const reader = apiClient(app.url, { apiKey: (await addApiKey(A.co, ["scorecards:read"])).apiKey });
    const writer = apiClient(app.url, { apiKey: (await addApiKey(A.co, ["scorecards:write"])).apiKey });
    expect((await reader.get(`/candidates/${A.candidate}/scorecards`)).status).toBe(200);
    const refused = await reader.post(`/interviews/${A.interview}/scorecards`, { recommendation: "yes", on_behalf_of: A.members.panelA.id });
    expect([refused.status, refused.body.error.message]).toEqual([403, expect.stringContaining("scorecards:write")]);
    const unread = await writer.get(`/candidates/${A.candidate}/scorecards`);
    expect([unread.status, unread.body.error.message]).toEqual([403, expect.stringContaining("scorecards:read")]);
  });
});

describe("visibility: no anchoring", () => {
  /**
   * Every role × on one of the candidate's panels or not × own scorecard submitted or not × lead of the
   * candidate's job or not (an interviewer is never a lead: refused in job-hiring-team.test.ts), through
   * the router as the web app calls it, the MCP tool on the same caller, and the REST endpoints with an
   * API key's on_behalf_of.
   */
  interface Case {
    role: UserRole;
    onPanel: boolean;
    submitted: boolean;
    lead: boolean;
  }
  const cases: Case[] = [];
  for (const role of ["owner", "admin", "recruiter", "interviewer"] as const) {
    for (const lead of role === "interviewer" ? [false] : [false, true]) {
      for (const [onPanel, submitted] of [[false, false], [true, false], [true, true]] as const) cases.push({ role, onPanel, submitted, lead });
    }
  }
  const name = ({ role, onPanel, submitted, lead }: Case) => `${role}${lead ? " (lead)" : ""}, ${onPanel ? `on a panel, ${submitted ? "submitted" : "not submitted"}` : "on no panel"}`;

  it.each(cases.map((c) => [name(c), c] as const))("%s", async (_, { role, onPanel, submitted, lead }) => {
    const prisma = getPrisma();
    const viewer = await createUser(prisma, { companyId: A.co.id, email: `viewer-${unique()}@example.com`, password: "correct horse battery", name: "Viewer", role });
    const other = A.members.panelB;
    // A job of its own, led by the viewer or by nobody.
    const job = await A.api.post("/jobs", { title: `Matrix ${unique()}`, hiring_team_lead_ids: lead ? [viewer.id] : [] });
    expect(job.status, JSON.stringify(job.body)).toBe(201);
    expect(job.body.data.hiring_team_lead_ids).toEqual(lead ? [viewer.id] : []);
    const candidate = await A.api.post("/candidates", { job_id: job.body.data.id, name: "Matrix Candidate", email: `matrix-${unique()}@example.com` });
    expect(candidate.status, JSON.stringify(candidate.body)).toBe(201);
    const candidateId = candidate.body.data.id as number;
    // Two interviews: the other interviewer's, and a second one with the viewer on its panel (or someone else).
    const interviews: number[] = [];
    for (const panel of [[other.id], [onPanel ? viewer.id : A.members.panelA.id]]) {
      const scheduled = await A.api.post("/interviews", { candidate_id: candidateId, title: "Panel", start_at: "2026-01-06T09:00:00Z", end_at: "2026-01-06T10:00:00Z", time_zone: "Europe/Berlin", interviewer_ids: panel });
      expect(scheduled.status, JSON.stringify(scheduled.body)).toBe(201);
      interviews.push(scheduled.body.data.id as number);
    }
    const theirs = await A.api.post(`/interviews/${interviews[0]}/scorecards`, { recommendation: "strong_no", notes: "The other's notes", on_behalf_of: other.id });
    expect(theirs.status, JSON.stringify(theirs.body)).toBe(201);
    const caller = callerAs(A, { id: viewer.id, role });
    if (submitted) await caller.scorecards.submit({ id: String(interviews[1]), recommendation: "yes" });

    const notTheirs = role === "interviewer" && !onPanel;
    const seesAll = role === "owner" || role === "admin" || lead || !onPanel || submitted;
    const expected = seesAll ? [other.id, ...(submitted ? [viewer.id] : [])].sort() : [];
    const check = (data: { scorecards: { interviewer: { id: string } }[]; hidden_count: number; summary: { recommendations: Record<string, number> } }, via: string) => {
      expect(data.scorecards.map((card) => card.interviewer.id).sort(), via).toEqual(expected);
      expect(data.hidden_count, via).toBe(seesAll ? 0 : 1);
      expect(data.summary.recommendations.strong_no, via).toBe(seesAll ? 1 : 0);
    };

    // The web app (tRPC) and the MCP tool, which runs the same procedure on the caller.
    // Each call is made where it is awaited (a rejection never waits unhandled).
    const list = () => caller.scorecards.listForCandidate({ id: String(candidateId) });
    // defineTool erases the tool's types: its output is the procedure's envelope (CandidateScorecardsDto).
    const tool = () => getScorecardsTool.run(caller, { candidate_id: candidateId }) as Promise<{ data: CandidateScorecardsDto }>;
    const single = () => caller.scorecards.get({ id: String(theirs.body.data.id) });
    if (notTheirs) {
      for (const refused of [list, tool, single]) await expect(refused()).rejects.toMatchObject({ message: expect.stringMatching(/not found/i) });
    } else {
      check((await list()).data, "tRPC");
      check((await tool()).data, "MCP get_scorecards");
      if (seesAll) await expect(single()).resolves.toMatchObject({ data: { notes: "The other's notes" } });
      else await expect(single()).rejects.toMatchObject({ message: expect.stringMatching(/Submit your own scorecard/) });
    }

    // REST: an API key with on_behalf_of follows the member; without it the key sees all.
    const asMember = await A.api.get(`/candidates/${candidateId}/scorecards?on_behalf_of=${viewer.id}`);
    const oneAsMember = await A.api.get(`/scorecards/${theirs.body.data.id}?on_behalf_of=${viewer.id}`);
    if (notTheirs) {
      expect([asMember.status, oneAsMember.status], JSON.stringify([asMember.body, oneAsMember.body])).toEqual([404, 404]);
    } else {
      expect(asMember.status, JSON.stringify(asMember.body)).toBe(200);
      check(asMember.body.data, "REST on_behalf_of");
      expect([oneAsMember.status, oneAsMember.body.error?.code ?? null], JSON.stringify(oneAsMember.body)).toEqual(seesAll ? [200, null] : [403, "forbidden"]);
    }
    const all = await A.api.get(`/candidates/${candidateId}/scorecards`);
    expect([all.body.data.scorecards.length, all.body.data.hidden_count]).toEqual([submitted ? 2 : 1, 0]);
  });

  it("on_behalf_of on a read: 400 naming it for another company's user or a non-UUID, and for a signed-in member naming someone else", async () => {
    const card = await submit(A, { recommendation: "no", on_behalf_of: A.members.panelA.id });
    expect(card.status, JSON.stringify(card.body)).toBe(201);
    for (const path of [`/candidates/${A.candidate}/scorecards`, `/scorecards/${card.body.data.id}`]) {
      for (const value of [B.members.owner.id, "grace"]) {
        const res = await A.api.get(`${path}?on_behalf_of=${value}`);
        expect([res.status, detailsOf(res.body)], `${path} ${value} → ${JSON.stringify(res.body)}`).toEqual([400, ["on_behalf_of"]]);
      }
    }
    const recruiter = callerAs(A, A.members.recruiter);
    await expect(recruiter.scorecards.listForCandidate({ id: String(A.candidate), on_behalf_of: A.members.owner.id })).rejects.toMatchObject({
      message: expect.stringMatching(/on_behalf_of|request is invalid/),
    });
    // Naming themself is the same as naming nobody.
    const own = await recruiter.scorecards.listForCandidate({ id: String(A.candidate), on_behalf_of: A.members.recruiter.id });
    expect(own.data).toEqual((await recruiter.scorecards.listForCandidate({ id: String(A.candidate) })).data);
  });

  it("an interviewer sees their own scorecard before the others', and an interviewer off the panel sees nothing of the candidate (404)", async () => {
    const c = await company();
    await submit(c, { recommendation: "no", on_behalf_of: c.members.panelB.id });
    const own = await submit(c, { recommendation: "yes", on_behalf_of: c.members.panelA.id });
    const panelB = callerAs(c, c.members.panelB);
    const { data } = await panelB.scorecards.listForCandidate({ id: String(c.candidate) });
    expect(data.scorecards).toHaveLength(2);
    const outsider = callerAs(c, c.members.outsider);
    await expect(outsider.scorecards.listForCandidate({ id: String(c.candidate) })).rejects.toMatchObject({ message: expect.stringMatching(/not found/i) });
    await expect(outsider.scorecards.get({ id: String(own.body.data.id) })).rejects.toMatchObject({ message: expect.stringMatching(/not found/i) });
    await expect(outsider.scorecards.submit({ id: String(c.interview), recommendation: "yes" })).rejects.toMatchObject({ message: expect.stringMatching(/not found/i) });
  });
});

describe("the candidate's data export (GET /candidates/{id}/export)", () => {
  it("carries every scorecard about the candidate in full — ratings, recommendation, notes, the interviewer's name, the interview's title and time — and none of another candidate's", async () => {
    const c = await company();
    const a = await submit(c, { ratings: [{ attribute: "Communication", rating: "strong_yes" }], recommendation: "strong_yes", notes: "Export me: A's debrief", on_behalf_of: c.members.panelA.id });
    const b = await submit(c, { ratings: [{ attribute: "Ownership", rating: "no" }], recommendation: "no", notes: "Export me: B's debrief", on_behalf_of: c.members.panelB.id });
    expect([a.status, b.status]).toEqual([201, 201]);
    // Another candidate of the same company with a scorecard of their own: not in this export.
    const other = await company();
    await submit(other, { recommendation: "yes", notes: "Someone else's", on_behalf_of: other.members.panelA.id });

    const res = await c.api.get(`/candidates/${c.candidate}/export`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const interview = (await c.api.get(`/interviews/${c.interview}`)).body.data;
    expect(res.body.data.scorecards).toEqual([
      {
        id: a.body.data.id,
        interview: { id: c.interview, title: "Technical interview", start_at: interview.start_at, end_at: interview.end_at, status: "scheduled" },
        interviewer: { id: c.members.panelA.id, name: "panelA" },
        ratings: [
          { attribute: "System design", rating: "not_assessed" },
          { attribute: "Communication", rating: "strong_yes" },
          { attribute: "Ownership", rating: "not_assessed" },
        ],
        recommendation: "strong_yes",
        notes: "Export me: A's debrief",
        submitted_at: a.body.data.submitted_at,
        updated_at: a.body.data.updated_at,
      },
      expect.objectContaining({ id: b.body.data.id, interviewer: { id: c.members.panelB.id, name: "panelB" }, recommendation: "no", notes: "Export me: B's debrief" }),
    ]);
    expect(JSON.stringify(res.body)).not.toContain("Someone else's");
    // The timeline in the export still names the submissions, without what was said.
    expect(res.body.data.activities.filter((entry: { type: string }) => entry.type === "scorecard")).toHaveLength(2);

    // A candidate without scorecards exports an empty list; another company's candidate is a 404.
    expect((await B.api.get(`/candidates/${B.candidate}/export`)).body.data.scorecards).toEqual([]);
    expect((await B.api.get(`/candidates/${c.candidate}/export`)).status).toBe(404);
  });
});
