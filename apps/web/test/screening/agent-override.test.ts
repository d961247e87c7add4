import { createCandidate, createUser, saveScreeningOutcome, systemContext } from "@hireflow/core";
import { createSession, SESSION_COOKIE } from "@hireflow/core/identity/sessions";
import { getPrisma } from "@hireflow/db";
import { useIsolatedDatabase } from "@hireflow/db/testing/isolated";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as trpcRoute from "@/app/api/trpc/[...trpc]/route";
import { createTestCompany, type TestCompany } from "../helpers/fixtures.ts";
import { serve } from "../helpers/server.ts";

/**
 * The web app's side of overriding the AI agent (issue 25 §3): the board and the candidate page know
 * which candidates the agent placed (`agent_placed`), pipeline.move — drag and drop, the stage menus,
 * the bulk move — refuses a move against the agent without `override_reason` (the whole selection
 * stays), records it for the agent-placed candidates only, and candidates.screeningExplanation says a
 * person made a member's rejection. Over HTTP with a member's session, on a real database.
 */
useIsolatedDatabase();
let app: { url: string; close: () => Promise<void> };
let co: TestCompany;
let session: { cookie: string; csrf: string };
let user: { id: string; email: string };

beforeAll(async () => {
  co = await createTestCompany({ title: "Board" });
  user = await createUser(getPrisma(), { companyId: co.id, email: `rec-${Date.now()}@example.com`, password: "correct horse battery staple", name: "Rita Recruiter", role: "recruiter" });
  const { token, csrfToken } = await createSession(getPrisma(), user.id);
  session = { cookie: `${SESSION_COOKIE}=${token}`, csrf: csrfToken };
  app = await serve(async (req) => (req.method === "GET" ? trpcRoute.GET(req) : trpcRoute.POST(req)));
});
afterAll(() => app?.close());

async function trpc(procedure: string, input: unknown, mutation = true): Promise<{ status: number; body: any }> {
  const res = mutation
    ? await fetch(`${app.url}/api/trpc/${procedure}`, {
        method: "POST",
        headers: { cookie: session.cookie, "x-csrf-token": session.csrf, "content-type": "application/json" },
        body: JSON.stringify(input),
      })
    : await fetch(`${app.url}/api/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(input))}`, { headers: { cookie: session.cookie } });
  return { status: res.status, body: await res.json() };
}

const SETTINGS = { mode: "auto" as const, criteria: [], advance: { min_score: 80, to_stage: "phonescreen" }, reject_on_required_miss: false };
const OUTCOME = { fitScore: 95, criteria: [], engine: "local" as const, model: null, criteriaHash: "x", inputHash: "y", blindText: "" };

async function candidate(name: string): Promise<number> {
  return (await createCandidate(systemContext(getPrisma(), co.id), { job_id: co.jobId, name, stage: "applied" }, { source: "manual" })).id;
}
async function agentAdvanced(name: string): Promise<number> {
  const id = await candidate(name);
  expect((await saveScreeningOutcome(systemContext(getPrisma(), co.id), { candidateId: id, jobId: co.jobId, settings: SETTINGS }, OUTCOME, "initial")).action).toMatchObject({ to: "phonescreen" });
  return id;
}
const board = async () => new Map(((await trpc("pipeline.board", { job_id: co.jobId }, false)).body.result.data.data.candidates as { id: number; agent_placed: boolean; stage: string }[]).map((c) => [c.id, c]));
const stageOf = async (id: number) => (await getPrisma().candidate.findUniqueOrThrow({ where: { id } })).stage;

describe("pipeline.move against the agent's move", () => {
  it("the board and the candidate page mark whom the agent placed; a bulk move without a reason moves nobody; with one, each is moved and only the placed one is an override", async () => {
    const placed = await agentAdvanced("Placed Paula");
    const plain = await candidate("Plain Pete");
    await getPrisma().candidate.update({ where: { id: plain }, data: { stage: "phonescreen" } });

    let cards = await board();
    expect(cards.get(placed)).toMatchObject({ agent_placed: true, stage: "phonescreen" });
    expect(cards.get(plain)).toMatchObject({ agent_placed: false });
    expect((await trpc("pipeline.candidate", { id: placed }, false)).body.result.data.data.agent_placed).toBe(true);
    expect((await trpc("pipeline.candidate", { id: plain }, false)).body.result.data.data.agent_placed).toBe(false);

    const refused = await trpc("pipeline.move", { candidate_ids: [plain, placed], stage: "inprogress" });
    expect(refused.status).toBe(400);
    expect(refused.body.error.data.error).toMatchObject({ code: "validation_error", details: [{ field: "override_reason", message: expect.stringContaining(`candidate ${placed}`) }] });
    expect([await stageOf(placed), await stageOf(plain)]).toEqual(["phonescreen", "phonescreen"]);

    const moved = await trpc("pipeline.move", { candidate_ids: [plain, placed], stage: "inprogress", override_reason: "Both did well at the meetup" });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.result.data.data.moved.sort()).toEqual([plain, placed].sort());
    const lastMove = async (id: number) => (await getPrisma().candidateActivity.findFirstOrThrow({ where: { candidateId: id, type: "stage_changed" }, orderBy: { id: "desc" } })).data;
    expect(await lastMove(placed)).toMatchObject({ overrides_agent: true, override_reason: "Both did well at the meetup" });
    expect(await lastMove(plain)).not.toHaveProperty("override_reason");
    const audit = await getPrisma().auditLogEntry.findMany({ where: { companyId: co.id, action: "candidate.agent_overridden" } });
    expect(audit).toMatchObject([{ actorType: "user", actorUserId: user.id, targetId: String(placed), data: { from_stage: "phonescreen", to_stage: "inprogress", reason: "Both did well at the meetup" } }]);

    cards = await board();
    expect(cards.get(placed)).toMatchObject({ agent_placed: false, stage: "inprogress" });
    // A person's move made since: the next move asks nothing.
    expect((await trpc("pipeline.move", { candidate_ids: [placed], stage: "applied" })).status).toBe(200);
  });

  it("a single move by the card's menu: the same 400 naming override_reason, then moved with it; the reason's limits are the API's", async () => {
    const placed = await agentAdvanced("Menu Maria");
    const refused = await trpc("pipeline.move", { candidate_ids: [placed], stage: "rejected" });
    expect(refused.body.error.data.error.details[0].field).toBe("override_reason");
    const tooLong = await trpc("pipeline.move", { candidate_ids: [placed], stage: "rejected", override_reason: "z".repeat(501) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error.data.error.details[0].field).toBe("override_reason");
    expect(await stageOf(placed)).toBe("phonescreen");
    expect((await trpc("pipeline.move", { candidate_ids: [placed], stage: "rejected", override_reason: "Withdrew by phone" })).status).toBe(200);
    expect(await stageOf(placed)).toBe("rejected");

    // The explanation now names a person as the one who rejected.
    const explanation = (await trpc("candidates.screeningExplanation", { id: String(placed) }, false)).body.result.data.data;
    expect(explanation).toMatchObject({ status: "judged", rejected: true, rejected_by: "person", agent_action: { action: "advance", to_stage: "phonescreen" }, score: 95 });
    expect(explanation.text).toMatch(/made by a person on .*'s hiring team, who could see the tool's assessment/);
    expect(explanation.summary).toMatch(/The tool moved your application forward/);
  });
});
