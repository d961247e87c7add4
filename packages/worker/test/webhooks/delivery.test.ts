import { createHmac } from "node:crypto";
import {
  createCandidate,
  createUser,
  redeliverWebhook,
  sendWebhookTest,
  submitApplication,
  systemContext,
  updateCandidate,
  updateWebhookEndpoint,
} from "@hireflow/core";
import { getPrisma } from "@hireflow/db";
import { useIsolatedDatabase } from "@hireflow/db/testing/isolated";
import { verifyFileToken } from "@hireflow/storage";
import { describe, expect, it } from "vitest";
import { verifyWebhookSignature } from "../../src/webhooks/index.ts";
import { setupCompany, useDeliveryPipeline } from "./fixtures.ts";
import { eventually, type ReceivedRequest } from "./receiver.ts";

// The end-to-end path: service → outbox row → publisher → fan-out → delivery run → a real HTTP
// receiver on 127.0.0.1. Payloads and headers are compared with the spec field by field.
useIsolatedDatabase();

const { receiver, settle } = useDeliveryPipeline();

function expectSigned(request: ReceivedRequest, secret: string, eventId: string) {
  expect(request.method).toBe("POST");
  expect(request.headers["content-type"]).toBe("application/json");
  expect(request.headers["user-agent"]).toBe("Hireflow-Webhooks/1");
  expect(request.headers["webhook-id"]).toBe(eventId);
  const timestamp = Number(request.headers["webhook-timestamp"]);
  expect(Math.abs(timestamp - Date.now() / 1000)).toBeLessThan(10);
  // Computed here from the spec's words, independently of the code under test…
  const key = Buffer.from(secret.slice("whsec_".length), "base64");
  const mac = createHmac("sha256", key).update(`${eventId}.${timestamp}.${request.body}`).digest("base64");
  expect(request.headers["webhook-signature"]).toBe(`v1,${mac}`);
  // …and with the helper the README shows receivers.
  expect(verifyWebhookSignature({ secret, headers: request.headers, body: request.body })).toBe(true);
  expect(verifyWebhookSignature({ secret, headers: request.headers, body: `${request.body} ` })).toBe(false);
}

describe("candidate.stage_changed", () => {
  it("carries a custom pipeline's keys, types and names, and the reject reason", async () => {
    const co = await setupCompany({
      stages: [
        { key: "sourced", name: "Sourced", type: "prospect" },
        { key: "applied", name: "Applied", type: "applied" },
        { key: "take_home", name: "Take-home", type: "inprogress" },
        { key: "hired", name: "Hired", type: "hired" },
        { key: "not_now", name: "Not now", type: "rejected" },
      ],
    });
    const hook = receiver.route();
    await co.endpoint(hook.url);
    const candidate = await createCandidate(co.api, { job_id: co.jobId, name: "Alan Turing", email: "alan@example.com" }, { source: "public_api" });
    await updateCandidate(co.api, { id: candidate.id, stage: "take_home" });
    const reason = await getPrisma().rejectReason.findFirstOrThrow({ where: { companyId: co.companyId, name: "Withdrew" } });
    await updateCandidate(co.api, { id: candidate.id, stage: "rejected", reject_reason_id: reason.id });
    await settle();
    const requests = await eventually(() => hook.requests().length === 2 && hook.requests());
    const changes = requests.map((r) => r.json.stage_change as { new_stage: string }).sort((a, b) => (a.new_stage < b.new_stage ? -1 : 1));
    expect(changes).toEqual([
      { previous_stage: "take_home", new_stage: "not_now", previous_stage_type: "inprogress", new_stage_type: "rejected", previous_stage_name: "Take-home", new_stage_name: "Not now", reject_reason: { id: reason.id, name: "Withdrew" }, changed_by: "api", changed_by_user_id: null },
      { previous_stage: "sourced", new_stage: "take_home", previous_stage_type: "prospect", new_stage_type: "inprogress", previous_stage_name: "Sourced", new_stage_name: "Take-home", reject_reason: null, changed_by: "api", changed_by_user_id: null },
    ]);
  });

  it("is delivered signed, with exactly the spec's payload, for an API move", async () => {
    const co = await setupCompany();
    const hook = receiver.route();
    const endpoint = await co.endpoint(hook.url);
    const candidate = await createCandidate(co.api, { job_id: co.jobId, name: "Grace Hopper", email: "grace@example.com" }, { source: "public_api" });
    await updateCandidate(co.api, { id: candidate.id, stage: "phonescreen" });
    await settle();

    const [request] = await eventually(() => hook.requests().length === 1 && hook.requests());
    const event = await getPrisma().event.findFirstOrThrow({ where: { companyId: co.companyId, type: "candidate.stage_changed" } });
    expectSigned(request!, endpoint.secret, event.id);
    expect(request!.json).toEqual({
      event: "candidate.stage_changed",
      occurred_at: event.occurredAt.toISOString(),
      candidate: {
        id: candidate.id,
        public_id: candidate.public_id,
        name: "Grace Hopper",
        email: "grace@example.com",
        url: `http://localhost:3000/candidates/${candidate.id}`,
      },
      job: { id: co.jobId, title: co.jobTitle },
      company: { id: co.companyId },
      stage_change: { previous_stage: "prospect", new_stage: "phonescreen", previous_stage_type: "prospect", new_stage_type: "phonescreen", previous_stage_name: "Prospect", new_stage_name: "Phone screen", reject_reason: null, changed_by: "api", changed_by_user_id: null },
    });
    expect(candidate.public_id).toMatch(/^cand_[0-9a-f]{32}$/);
    const delivery = await getPrisma().webhookDelivery.findFirstOrThrow({ where: { endpointId: endpoint.id } });
    expect(delivery).toMatchObject({ status: "succeeded", attemptCount: 1, lastStatusCode: 200, responseExcerpt: "ok", nextAttemptAt: null });
    expect(delivery.attempts).toEqual([{ attempt: 1, at: expect.any(String), status_code: 200, error: null, response_ms: expect.any(Number) }]);
  });

  it("names the acting user for a move in the web app", async () => {
    const co = await setupCompany();
    const hook = receiver.route();
    await co.endpoint(hook.url);
    const user = await createUser(co.prisma, { companyId: co.companyId, email: `u${Date.now()}@example.com`, password: "correct horse battery", name: "Recruiter" });
    const candidate = await createCandidate(co.api, { job_id: co.jobId, name: "Ada" }, { source: "public_api" });
    await updateCandidate(systemContext(co.prisma, co.companyId, { type: "user", userId: user.id }), { id: candidate.id, stage: "hired" });
    await settle();
    const [request] = await eventually(() => hook.requests().length === 1 && hook.requests());
    expect(request!.json.stage_change).toEqual({ previous_stage: "prospect", new_stage: "hired", previous_stage_type: "prospect", new_stage_type: "hired", previous_stage_name: "Prospect", new_stage_name: "Hired", reject_reason: null, changed_by: "user", changed_by_user_id: user.id });
  });

  it("is not sent when the stage does not change", async () => {
    const co = await setupCompany();
    const hook = receiver.route();
    const endpoint = await co.endpoint(hook.url);
    const candidate = await createCandidate(co.api, { job_id: co.jobId, name: "Same Stage", stage: "phonescreen" }, { source: "public_api" });
    await updateCandidate(co.api, { id: candidate.id, stage: "phonescreen" });
    await settle();
    expect(hook.requests()).toHaveLength(0);
    expect(await getPrisma().webhookDelivery.count({ where: { endpointId: endpoint.id } })).toBe(0);
  });

  it("reaches only enabled endpoints subscribed to it", async () => {
    const co = await setupCompany();
    const all = receiver.route();
    const appliedOnly = receiver.route();
    const disabled = receiver.route();
    const allEndpoint = await co.endpoint(all.url);
    await co.endpoint(appliedOnly.url, ["candidate.applied"]);
    const off = await co.endpoint(disabled.url);
    await updateWebhookEndpoint(co.svc, { id: off.id, enabled: false });
    const candidate = await createCandidate(co.api, { job_id: co.jobId, name: "Fan Out" }, { source: "public_api" });
    await updateCandidate(co.api, { id: candidate.id, stage: "inprogress" });
    await settle();
    await eventually(() => all.requests().length === 1);
    expect(appliedOnly.requests()).toHaveLength(0);
    expect(disabled.requests()).toHaveLength(0);
    const deliveries = await getPrisma().webhookDelivery.findMany({ where: { companyId: co.companyId } });
    expect(deliveries.map((d) => d.endpointId)).toEqual([allEndpoint.id]);
  });
});

describe("candidate.applied", () => {
  it("is sent once for a self-serve application, with the spec's payload, and never for a repeat", async () => {
    const co = await setupCompany();
    const hook = receiver.route();
    const endpoint = await co.endpoint(hook.url);
    const form = { name: "Katherine Johnson", email: "kj@example.com", phone: "(415) 555-2671", location: "Hampton, VA" };
    await submitApplication(co.prisma, co.jobId, form);
    await settle();
    const [request] = await eventually(() => hook.requests().length === 1 && hook.requests());
    const candidate = await getPrisma().candidate.findFirstOrThrow({ where: { companyId: co.companyId } });
    const event = await getPrisma().event.findFirstOrThrow({ where: { companyId: co.companyId, type: "candidate.applied" } });
    expectSigned(request!, endpoint.secret, event.id);
    expect(request!.json).toEqual({
      event: "candidate.applied",
      occurred_at: event.occurredAt.toISOString(),
      candidate: {
        id: candidate.id,
        name: "Katherine Johnson",
        email: "kj@example.com",
        phone: "+14155552671",
        stage: "applied",
        stage_type: "applied",
        fit_score: null,
        applied_at: candidate.createdAt.toISOString(),
        resume_url: null,
        resume_data: null,
        url: `http://localhost:3000/candidates/${candidate.id}`,
      },
      job: { id: co.jobId, title: co.jobTitle },
      company: { id: co.companyId },
    });

    await submitApplication(co.prisma, co.jobId, { ...form, email: "KJ@example.com" });
    await settle();
    expect(hook.requests()).toHaveLength(1);
    expect(await getPrisma().event.count({ where: { companyId: co.companyId, type: "candidate.applied" } })).toBe(1);
  });

  it("reads the resume URL (signed, 24 h), resume_data and fit_score when it is delivered", async () => {
    const co = await setupCompany();
    const hook = receiver.route();
    await co.endpoint(hook.url, ["candidate.applied"]);
    const resume = { key: `resumes/${co.companyId}/cv.pdf`, filename: "cv.pdf", contentType: "application/pdf", size: 1234 };
    await submitApplication(co.prisma, co.jobId, { name: "Dorothy Vaughan", email: "dv@example.com" }, { resume });
    await settle();
    const [first] = await eventually(() => hook.requests().length === 1 && hook.requests());
    const sent = first!.json.candidate as Record<string, unknown>;
    const token = new URL(sent.resume_url as string).pathname.split("/").pop()!;
    const claims = verifyFileToken(token);
    expect(claims.key).toBe(resume.key);
    expect(Math.abs(claims.expiresAt.getTime() - (Date.now() + 24 * 3600_000))).toBeLessThan(60_000);

    // Parsing and scoring finish later: a redelivery carries what is current then.
    const row = await getPrisma().candidate.findFirstOrThrow({ where: { companyId: co.companyId } });
    await getPrisma().candidate.update({ where: { id: row.id }, data: { fitScore: 86.6, resumeData: { skills: ["FORTRAN"] } } });
    const delivery = await getPrisma().webhookDelivery.findFirstOrThrow({ where: { companyId: co.companyId } });
    await redeliverWebhook(co.svc, delivery.id);
    await settle();
    const [, second] = await eventually(() => hook.requests().length === 2 && hook.requests());
    expect(second!.headers["webhook-id"]).toBe(first!.headers["webhook-id"]);
    expect(second!.json.candidate).toMatchObject({ fit_score: 87, resume_data: { skills: ["FORTRAN"] } });
    const after = await getPrisma().webhookDelivery.findUniqueOrThrow({ where: { id: delivery.id } });
    expect(after).toMatchObject({ status: "succeeded", attemptCount: 2 });
  });

  it("is never sent for candidates created through the API", async () => {
    const co = await setupCompany();
    const hook = receiver.route();
    await co.endpoint(hook.url);
    await createCandidate(co.api, { job_id: co.jobId, name: "Via API", email: "api@example.com", stage: "applied" }, { source: "public_api" });
    await settle();
    expect(hook.requests()).toHaveLength(0);
    expect(await getPrisma().event.count({ where: { companyId: co.companyId, type: "candidate.applied" } })).toBe(0);
  });
});

describe("webhook.test", () => {
  it("goes to the named endpoint only, whatever it subscribes to", async () => {
    const co = await setupCompany();
    const target = receiver.route();
    const other = receiver.route();
    const endpoint = await co.endpoint(target.url, ["candidate.applied"]);
    await co.endpoint(other.url);
    const sent = await sendWebhookTest(co.svc, endpoint.id);
    await settle();
    const [request] = await eventually(() => target.requests().length === 1 && target.requests());
    const event = await getPrisma().event.findUniqueOrThrow({ where: { id: sent.event_id } });
    expectSigned(request!, endpoint.secret, sent.event_id);
    expect(request!.json).toEqual({
      event: "webhook.test",
      occurred_at: event.occurredAt.toISOString(),
      webhook_endpoint: { id: endpoint.id },
      company: { id: co.companyId },
    });
    expect(other.requests()).toHaveLength(0);
  });
});
