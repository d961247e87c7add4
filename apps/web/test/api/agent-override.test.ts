import { randomBytes } from "node:crypto";
import { saveScreeningOutcome, systemContext } from "@hireflow/core";
import { type ScreeningOutcome } from "@hireflow/core/screening/engine";
import { getPrisma } from "@hireflow/db";
import { useIsolatedDatabase } from "@hireflow/db/testing/isolated";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApp } from "../helpers/app.ts";
import { apiClient, type ApiClient } from "../helpers/client.ts";
import { createTestCompany, type TestCompany } from "../helpers/fixtures.ts";

/**
 * Human oversight over REST (issue 25 §3, docs/SCREENING.md "Overriding the agent"), also against
 * the production build: PATCH /candidates/{id} moving a candidate out of the stage the AI agent moved
 * them to (its advance, or its rejection) needs `override_reason` — a 400 naming it otherwise, nothing
 * moved — and the reason lands in the timeline and the audit log; every other move is unchanged.
 * The agent's move is made by its own save (saveScreeningOutcome, as the scoring job calls it) on a
 * job whose screening is off, so no background scoring of the built server races the test.
 */
useIsolatedDatabase();
let app: Awaited<ReturnType<typeof startApp>>;
let co: TestCompany;
let api: ApiClient;

beforeAll(async () => {
  app = await startApp();
  co = await createTestCompany({ title: "Overseen" });
  api = apiClient(app.url, co);
});
afterAll(() => app?.close());

const ADVANCE = { mode: "auto" as const, criteria: [], advance: { min_score: 80, to_stage: "phonescreen" }, reject_on_required_miss: false };
const REJECT = { ...ADVANCE, advance: null, reject_on_required_miss: true };
const outcome = (fitScore: number, met = true): ScreeningOutcome => ({
  fitScore,
  criteria: [{ id: "go", type: "skill", value: "Go", question_id: null, accepted: null, required: true, weight: 1, met, evidence: met ? "SKILLS: Go" : "Go is not mentioned" }],
  engine: "local",
  model: null,
  criteriaHash: "h",
  inputHash: "i",
  blindText: "",
});

async function candidate(stage = "applied"): Promise<number> {
  const res = await api.post("/candidates", { job_id: co.jobId, name: "Cand", email: `c-${randomBytes(4).toString("hex")}@example.com`, stage });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.id as number;
}

/** A candidate the agent advanced to phonescreen (or rejected, with `reject`). */
async function agentMoved(kind: "advance" | "reject" = "advance"): Promise<number> {
  const id = await candidate();
  const svc = systemContext(getPrisma(), co.id);
  const saved = await saveScreeningOutcome(svc, { candidateId: id, jobId: co.jobId, settings: kind === "advance" ? ADVANCE : REJECT }, outcome(kind === "advance" ? 95 : 20, kind === "advance"), "initial");
  expect(saved.action?.action).toBe(kind);
  return id;
}

const stageMoves = (candidateId: number) => getPrisma().candidateActivity.findMany({ where: { candidateId, type: "stage_changed" }, orderBy: { id: "asc" } });
const overrides = (candidateId: number) => getPrisma().auditLogEntry.findMany({ where: { companyId: co.id, action: "candidate.agent_overridden", targetId: String(candidateId) } });

function expectOverrideRequired(res: { status: number; body: { error: { code: string; details: { field: string; message: string }[] } } }) {
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(res.body.error.code).toBe("validation_error");
  expect(res.body.error.details.map((d) => d.field)).toEqual(["override_reason"]);
  expect(res.body.error.details[0]!.message).toMatch(/AI agent moved this candidate/);
}

describe("PATCH /candidates/{id} against the agent's move", () => {
  it("out of the stage the agent advanced them to: 400 naming override_reason and nothing moves; with it, moved, in the timeline and the audit log", async () => {
    const id = await agentMoved("advance");
    expect((await api.get(`/candidates/${id}`)).body.data.stage).toBe("phonescreen");

    expectOverrideRequired(await api.patch(`/candidates/${id}`, { stage: "inprogress" }));
    expectOverrideRequired(await api.patch(`/candidates/${id}`, { stage: "applied", name: "Renamed too" }));
    const unchanged = (await api.get(`/candidates/${id}`)).body.data;
    expect(unchanged).toMatchObject({ stage: "phonescreen", name: "Cand" });
    expect(await stageMoves(id)).toHaveLength(1);

    const moved = await api.patch(`/candidates/${id}`, { stage: "inprogress", override_reason: "  Strong portfolio: straight to the onsite  " });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.data.stage).toBe("inprogress");
    const [agent, person] = await stageMoves(id);
    expect(agent).toMatchObject({ addedBy: "ai_agent" });
    expect(person).toMatchObject({ addedBy: "api", data: { previous_stage: "phonescreen", new_stage: "inprogress", overrides_agent: true, override_reason: "Strong portfolio: straight to the onsite" } });
    expect(await overrides(id)).toMatchObject([
      { actorType: "api_key", targetType: "candidate", data: { from_stage: "phonescreen", to_stage: "inprogress", reason: "Strong portfolio: straight to the onsite" } },
    ]);

    // The agent's move is no longer the last one: later moves need no reason.
    expect((await api.patch(`/candidates/${id}`, { stage: "phonescreen" })).status).toBe(200);
    expect(await overrides(id)).toHaveLength(1);
  });

  it("back out of the agent's rejection: the same rule; rejected_at is cleared", async () => {
    const id = await agentMoved("reject");
    const rejected = (await api.get(`/candidates/${id}`)).body.data;
    expect(rejected).toMatchObject({ stage: "rejected", stage_type: "rejected" });
    expect(rejected.rejected_at).not.toBeNull();

    expectOverrideRequired(await api.patch(`/candidates/${id}`, { stage: "applied" }));
    const back = await api.patch(`/candidates/${id}`, { stage: "applied", override_reason: "Go is on page 2 of the resume" });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect(back.body.data).toMatchObject({ stage: "applied", rejected_at: null });
    expect((await overrides(id))[0]).toMatchObject({ data: { from_stage: "rejected", to_stage: "applied", reason: "Go is on page 2 of the resume" } });
  });

  it("every other move is unchanged: no agent move, an agent that only scored, the same stage again; a reason sent there is ignored", async () => {
    const plain = await candidate();
    const res = await api.patch(`/candidates/${plain}`, { stage: "phonescreen" });
    expect(res.status).toBe(200);
    const ignored = await api.patch(`/candidates/${plain}`, { stage: "inprogress", override_reason: "not needed" });
    expect(ignored.status).toBe(200);
    expect((await stageMoves(plain)).at(-1)!.data).not.toHaveProperty("override_reason");
    expect(await overrides(plain)).toHaveLength(0);

    // Scored below the threshold: the agent moved no one, so no reason is asked.
    const scoredOnly = await candidate();
    const saved = await saveScreeningOutcome(systemContext(getPrisma(), co.id), { candidateId: scoredOnly, jobId: co.jobId, settings: ADVANCE }, outcome(40), "initial");
    expect(saved.action).toBeNull();
    expect((await api.patch(`/candidates/${scoredOnly}`, { stage: "rejected" })).status).toBe(200);

    // Moving an agent-placed candidate to where they are records nothing and needs nothing.
    const placed = await agentMoved("advance");
    const same = await api.patch(`/candidates/${placed}`, { stage: "phonescreen" });
    expect(same.status).toBe(200);
    expect(await stageMoves(placed)).toHaveLength(1);
    // Other fields of an agent-placed candidate change freely.
    expect((await api.patch(`/candidates/${placed}`, { name: "New Name" })).status).toBe(200);
  });

  it("a bad override_reason is a 400 naming it: empty, too long, without a move", async () => {
    const id = await agentMoved("advance");
    for (const [body, message] of [
      [{ stage: "applied", override_reason: "   " }, /1 to 500/],
      [{ stage: "applied", override_reason: "x".repeat(501) }, /1 to 500/],
      [{ override_reason: "why" }, /Only with a move/],
      [{ stage: "applied", override_reason: 42 }, /./],
    ] as const) {
      const res = await api.patch(`/candidates/${id}`, body);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.error.details[0]).toMatchObject({ field: "override_reason", message: expect.stringMatching(message) });
    }
    expect((await api.get(`/candidates/${id}`)).body.data.stage).toBe("phonescreen");
    // 500 characters is the limit, inclusive.
    expect((await api.patch(`/candidates/${id}`, { stage: "applied", override_reason: "y".repeat(500) })).status).toBe(200);
  });

  it("another company's candidate is a 404, with or without a reason", async () => {
    const id = await agentMoved("advance");
    const other = apiClient(app.url, await createTestCompany({ title: "Other" }));
    for (const body of [{ stage: "applied" }, { stage: "applied", override_reason: "mine now" }]) {
      const res = await other.patch(`/candidates/${id}`, body);
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe("not_found");
    }
    expect((await api.get(`/candidates/${id}`)).body.data.stage).toBe("phonescreen");
  });
});
