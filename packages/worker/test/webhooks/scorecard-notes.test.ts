import { randomBytes } from "node:crypto";
import {
  createCandidate,
  createUser,
  createWebhookEndpoint,
  scheduleInterview,
  submitScorecard,
  systemContext,
  updateWebhookEndpoint,
  webhookPayloads,
} from "@hireflow/core";
import { getPrisma } from "@hireflow/db";
import { useIsolatedDatabase } from "@hireflow/db/testing/isolated";
import { describe, expect, it } from "vitest";
import { verifyWebhookSignature } from "../../src/webhooks/index.ts";
import { setupCompany, useDeliveryPipeline } from "./fixtures.ts";
import { eventually } from "./receiver.ts";

// scorecard.submitted and the per-endpoint opt-in for notes (issue 26 §4): the body is built per
// delivery, so one event reaches an opted-in endpoint with the notes and the others without; the
// outbox row and the events API never hold them.
useIsolatedDatabase();

const { receiver, settle } = useDeliveryPipeline();
const NOTES = "Secret debrief: hesitated on the cache question";

async function interviewSetup() {
  const co = await setupCompany();
  const prisma = getPrisma();
  const member = await createUser(prisma, { companyId: co.companyId, email: `panel-${randomBytes(4).toString("hex")}@example.com`, password: "correct horse battery", name: "Grace Panel", role: "interviewer" });
  const candidate = await createCandidate(co.api, { job_id: co.jobId, name: "Ada Lovelace", email: `ada-${randomBytes(4).toString("hex")}@example.com` }, { source: "public_api" });
  const kit = await prisma.jobInterview.create({ data: { companyId: co.companyId, jobId: co.jobId, stageKey: candidate.stage ?? "prospect", position: 0, name: "Technical interview", durationMinutes: 60, attributes: ["System design"] } });
  const interview = await scheduleInterview(co.api, { candidate_id: candidate.id, interview_id: kit.id, start_at: "2026-01-05T09:00:00Z", time_zone: "Europe/Berlin", interviewer_ids: [member.id] } as never);
  const asMember = systemContext(prisma, co.companyId, { type: "user", userId: member.id });
  return { co, member, candidate, interview, asMember };
}

const subscribe = (co: Awaited<ReturnType<typeof setupCompany>>, url: string, include?: boolean) =>
  createWebhookEndpoint(co.svc, { url, events: ["scorecard.submitted"], ...(include === undefined ? {} : { include_scorecard_notes: include }) });

describe("scorecard.submitted and include_scorecard_notes", () => {
  it("carries the notes only to the endpoints that opted in (at creation or by update); each body is signed with its own endpoint's secret", async () => {
    const { co, interview, asMember } = await interviewSetup();
    const plainHook = receiver.route();
    const optedHook = receiver.route();
    const updatedHook = receiver.route();
    const optedOutHook = receiver.route();
    const plain = await subscribe(co, plainHook.url);
    const opted = await subscribe(co, optedHook.url, true);
    const later = await subscribe(co, updatedHook.url);
    const optedOut = await subscribe(co, optedOutHook.url, true);
    expect([plain.include_scorecard_notes, opted.include_scorecard_notes]).toEqual([false, true]);
    expect((await updateWebhookEndpoint(co.svc, { id: later.id, include_scorecard_notes: true })).include_scorecard_notes).toBe(true);
    expect((await updateWebhookEndpoint(co.svc, { id: optedOut.id, include_scorecard_notes: false })).include_scorecard_notes).toBe(false);

    const card = await submitScorecard(asMember, { id: interview.id, ratings: [{ attribute: "System design", rating: "strong_yes" }], recommendation: "yes", notes: NOTES });
    await settle();

    const [withNotes] = await eventually(() => optedHook.requests().length === 1 && optedHook.requests());
    const [withNotesToo] = await eventually(() => updatedHook.requests().length === 1 && updatedHook.requests());
    const [without] = await eventually(() => plainHook.requests().length === 1 && plainHook.requests());
    const [withoutToo] = await eventually(() => optedOutHook.requests().length === 1 && optedOutHook.requests());

    const event = await getPrisma().event.findFirstOrThrow({ where: { companyId: co.companyId, type: "scorecard.submitted" } });
    for (const request of [withNotes!, withNotesToo!]) {
      expect(request.json.event).toBe("scorecard.submitted");
      expect(request.json.scorecard).toEqual({ ...(without!.json.scorecard as object), notes: NOTES });
      expect((request.json.scorecard as { id: number }).id).toBe(card.id);
    }
    for (const request of [without!, withoutToo!]) {
      expect(request.json.scorecard).not.toHaveProperty("notes");
      expect(request.body).not.toContain("Secret debrief");
      expect((request.json.scorecard as { ratings: unknown }).ratings).toEqual([{ attribute: "System design", rating: "strong_yes" }]);
    }
    // Apart from the notes, the bodies are the same event.
    const { scorecard: _a, ...restWith } = withNotes!.json;
    const { scorecard: _b, ...restWithout } = without!.json;
    expect(restWith).toEqual(restWithout);

    // Each body is signed with its endpoint's secret, and only with it.
    expect(verifyWebhookSignature({ secret: opted.secret, headers: withNotes!.headers, body: withNotes!.body })).toBe(true);
    expect(verifyWebhookSignature({ secret: plain.secret, headers: without!.headers, body: without!.body })).toBe(true);
    expect(verifyWebhookSignature({ secret: plain.secret, headers: withNotes!.headers, body: withNotes!.body })).toBe(false);
    expect(withNotes!.headers["webhook-id"]).toBe(event.id);
    expect(without!.headers["webhook-id"]).toBe(event.id);

    // The outbox row and the events API's payload (the same builder without an endpoint) hold no notes.
    expect(JSON.stringify(event.payload)).not.toContain("Secret debrief");
    const [publicPayload] = await webhookPayloads(getPrisma(), [{ id: event.id, companyId: event.companyId, type: event.type, payload: event.payload as Record<string, unknown>, occurredAt: event.occurredAt }]);
    expect(JSON.stringify(publicPayload)).not.toContain("Secret debrief");
    expect(publicPayload!.scorecard).not.toHaveProperty("notes");
  });

  it("sends the notes as they read when the delivery is sent, and an empty string when there are none", async () => {
    const { co, interview, asMember } = await interviewSetup();
    const hook = receiver.route();
    await subscribe(co, hook.url, true);
    await submitScorecard(asMember, { id: interview.id, ratings: [], recommendation: "no" });
    await settle();
    const [first] = await eventually(() => hook.requests().length === 1 && hook.requests());
    expect(first!.json.scorecard).toMatchObject({ recommendation: "no", notes: "" });
    await submitScorecard(asMember, { id: interview.id, ratings: [], recommendation: "strong_no", notes: "Second thoughts" });
    await settle();
    const requests = await eventually(() => hook.requests().length === 2 && hook.requests());
    expect(requests[1]!.json).toMatchObject({ first_submission: false, scorecard: { recommendation: "strong_no", notes: "Second thoughts" } });
  });

  it("never reads another company's scorecard: the notes come from the event's own company", async () => {
    const a = await interviewSetup();
    const b = await interviewSetup();
    const hook = receiver.route();
    await subscribe(b.co, hook.url, true);
    const theirs = await submitScorecard(a.asMember, { id: a.interview.id, ratings: [], recommendation: "yes", notes: "Company A only" });
    // An event of company B whose payload names company A's scorecard id (as a forged or stale payload would).
    await getPrisma().event.create({
      data: { companyId: b.co.companyId, type: "scorecard.submitted", payload: { scorecard: { id: theirs.id }, company: { id: b.co.companyId } } },
    });
    await settle();
    const [request] = await eventually(() => hook.requests().length === 1 && hook.requests());
    expect(request!.body).not.toContain("Company A only");
    expect(request!.json.scorecard).toEqual({ id: theirs.id, notes: null });
  });
});
