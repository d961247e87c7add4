import { getPrisma } from "@hireflow/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApp } from "../helpers/app.ts";
import { apiClient, type ApiClient } from "../helpers/client.ts";
import { createTestCompany, type TestCompany } from "../helpers/fixtures.ts";

let app: Awaited<ReturnType<typeof startApp>>;
let acme: TestCompany;
let other: TestCompany;
let api: ApiClient;
let otherApi: ApiClient;
let n = 0;

beforeAll(async () => {
  app = await startApp();
  [acme, other] = await Promise.all([createTestCompany(), createTestCompany()]);
  api = apiClient(app.url, acme);
  otherApi = apiClient(app.url, other);
});
afterAll(() => app.close());

async function newCandidate(fields: Record<string, unknown> = {}) {
  const res = await api.post("/candidates", { job_id: acme.jobId, name: `Candidate ${++n}`, email: `c${n}-${Date.now()}@example.com`, ...fields });
  expect(res.status).toBe(201);
  return res.body.data as { id: number; public_id: string; name: string; stage: string; updated_at: string; email: string };
}

describe("GET /api/v1/candidates/{id}", () => {
  it("returns the detailed candidate", async () => {
    const created = await newCandidate({ location: "Berlin" });
    const res = await api.get(`/candidates/${created.id}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual(created);
    expect(res.body.data.applied_at).toBe(res.body.data.created_at);
  });

  it("404 for another company's candidate and for unknown ids", async () => {
    const created = await newCandidate();
    const foreign = await otherApi.get(`/candidates/${created.id}`);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ error: { code: "not_found", message: `Candidate ${created.id} not found` } });
    expect((await api.get("/candidates/2147483647")).status).toBe(404);
  });

  it("400 for ids that are not plain positive integers", async () => {
    for (const id of ["abc", "0", "-1", "1e9", "0x10", "1.5", "99999999999999999999", "2147483648", "%20"]) {
      const res = await api.get(`/candidates/${id}`);
      expect(res.status, id).toBe(400);
      expect(res.body.error.code, id).toBe("validation_error");
      expect(res.body.error.details[0].field, id).toBe("id");
    }
  });
});

describe("PATCH /api/v1/candidates/{id}", () => {
  it("updates the given fields only and answers 200 with the detailed candidate", async () => {
    const created = await newCandidate({ phone: "+1 212 555 0143", location: "Paris" });
    const res = await api.patch(`/candidates/${created.id}`, { name: "Renamed", rating: 4, ats_candidate_id: "ATS-1", phone: "(212) 555-0144" });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ name: "Renamed", rating: 4, ats_candidate_id: "ATS-1", phone: "+12125550144", location: "Paris" });
    expect(res.body.data.resume_status).toBeNull();
    expect(new Date(res.body.data.updated_at) >= new Date(created.updated_at)).toBe(true);
    const cleared = await api.patch(`/candidates/${created.id}`, { rating: null, location: null });
    expect(cleared.body.data).toMatchObject({ rating: null, location: null, name: "Renamed" });
  });

  it("rating 0/6 → 400, 1 and 5 → 200", async () => {
    const created = await newCandidate();
    for (const [rating, status] of [[0, 400], [1, 200], [5, 200], [6, 400], [2.5, 400]] as const) {
      const res = await api.patch(`/candidates/${created.id}`, { rating });
      expect(res.status, String(rating)).toBe(status);
      if (status === 400) expect(res.body.error.details[0].field).toBe("rating");
    }
  });

  it("a stage change records an activity and a candidate.stage_changed outbox event in one go", async () => {
    const created = await newCandidate();
    const res = await api.patch(`/candidates/${created.id}`, { stage: "phonescreen" });
    expect(res.status).toBe(200);
    expect(res.body.data.stage).toBe("phonescreen");
    const activity = await getPrisma().candidateActivity.findFirstOrThrow({ where: { candidateId: created.id, type: "stage_changed" } });
    expect(activity).toMatchObject({ addedBy: "api", performerId: null, data: { previous_stage: "prospect", new_stage: "phonescreen", previous_stage_name: "Prospect", new_stage_name: "Phone screen" } });
    const events = await getPrisma().event.findMany({ where: { companyId: acme.id, type: "candidate.stage_changed" } });
    const event = events.find((e) => (e.payload as { candidate: { id: number } }).candidate.id === created.id)!;
    expect(event.payload).toEqual({
      candidate: { id: created.id, public_id: created.public_id, name: expect.any(String), email: created.email, url: `http://localhost:3000/candidates/${created.id}` },
      job: { id: acme.jobId, title: "Software Engineer" },
      company: { id: acme.id },
      stage_change: { previous_stage: "prospect", new_stage: "phonescreen", previous_stage_type: "prospect", new_stage_type: "phonescreen", previous_stage_name: "Prospect", new_stage_name: "Phone screen", reject_reason: null, changed_by: "api", changed_by_user_id: null },
    });
  });

  it("an equal stage records nothing", async () => {
    const created = await newCandidate({ stage: "applied" });
    const before = await getPrisma().event.count({ where: { companyId: acme.id } });
    const res = await api.patch(`/candidates/${created.id}`, { stage: "applied" });
    expect(res.status).toBe(200);
    expect(await getPrisma().event.count({ where: { companyId: acme.id } })).toBe(before);
    expect(await getPrisma().candidateActivity.count({ where: { candidateId: created.id, type: "stage_changed" } })).toBe(0);
  });

  it("concurrent moves of one candidate record each real change once with the right previous stage", async () => {
    const created = await newCandidate();
    const targets = ["applied", "phonescreen", "inprogress", "hired", "rejected"];
    const results = await Promise.all(targets.map((stage) => api.patch(`/candidates/${created.id}`, { stage })));
    expect(results.every((r) => r.status === 200)).toBe(true);
    const activities = await getPrisma().candidateActivity.findMany({ where: { candidateId: created.id, type: "stage_changed" }, orderBy: { id: "asc" } });
    // Each change starts where the previous one ended: a chain from prospect to the final stage.
    let stage = "prospect";
    for (const a of activities) {
      const data = a.data as { previous_stage: string; new_stage: string };
      expect(data.previous_stage).toBe(stage);
      stage = data.new_stage;
    }
    const final = await api.get(`/candidates/${created.id}`);
    expect(final.body.data.stage).toBe(stage);
  });

  it("an e-mail change obeys the duplicate rule", async () => {
    const a = await newCandidate();
    const b = await newCandidate();
    const res = await api.patch(`/candidates/${b.id}`, { email: a.email.toUpperCase() });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toContain(String(a.id));
    expect((await api.get(`/candidates/${b.id}`)).body.data.email).toBe(b.email);
  });

  it("rejects unknown fields and bad values, and another company's candidate is a 404 that changes nothing", async () => {
    const created = await newCandidate();
    const unknown = await api.patch(`/candidates/${created.id}`, { job_id: 5 });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.details).toEqual([{ field: "job_id", message: "Unknown field" }]);
    expect((await api.patch(`/candidates/${created.id}`, { stage: "interview" })).status).toBe(400);
    expect((await api.patch(`/candidates/${created.id}`, { name: "" })).status).toBe(400);
    const foreign = await otherApi.patch(`/candidates/${created.id}`, { name: "Hijacked", stage: "hired" });
    expect(foreign.status).toBe(404);
    const after = await api.get(`/candidates/${created.id}`);
    expect(after.body.data).toMatchObject({ name: created.name, stage: "prospect" });
    expect(after.body.data.name).not.toBe("Hijacked");
  });
});

describe("POST /api/v1/candidates/{id}/notes", () => {
  it("creates a note_added activity exactly as the spec's note object", async () => {
    const created = await newCandidate();
    const res = await api.post(`/candidates/${created.id}/notes`, { note: "  Strong systems background.  " });
    expect(res.status).toBe(201);
    expect(res.body.data).toEqual({
      id: expect.any(Number),
      candidate_id: created.id,
      type: "note_added",
      note: "Strong systems background.",
      note_preview: "Strong systems background.",
      performer_id: null,
      added_by: "api",
      created_at: expect.stringMatching(/Z$/),
    });
  });

  it("previews long notes at a word boundary with an ellipsis", async () => {
    const created = await newCandidate();
    const words = Array.from({ length: 60 }, (_, i) => `word${i}`).join(" ");
    const res = await api.post(`/candidates/${created.id}/notes`, { note: words });
    const preview: string = res.body.data.note_preview;
    expect(preview.endsWith("…")).toBe(true);
    expect(preview.length).toBeLessThanOrEqual(141);
    const body = preview.slice(0, -1);
    expect(words.startsWith(body)).toBe(true);
    expect(words[body.length]).toBe(" ");
    const exact = "x".repeat(140);
    expect((await api.post(`/candidates/${created.id}/notes`, { note: exact })).body.data.note_preview).toBe(exact);
  });

  it("note limits: 2000 ok, 2001, empty and whitespace-only → 400", async () => {
    const created = await newCandidate();
    expect((await api.post(`/candidates/${created.id}/notes`, { note: "n".repeat(2000) })).status).toBe(201);
    for (const note of ["n".repeat(2001), "", "    "]) {
      const res = await api.post(`/candidates/${created.id}/notes`, { note });
      expect(res.status).toBe(400);
      expect(res.body.error.details[0].field).toBe("note");
    }
    expect((await api.post(`/candidates/${created.id}/notes`, {})).status).toBe(400);
    expect((await api.post(`/candidates/${created.id}/notes`, { note: "x", extra: 1 })).status).toBe(400);
  });

  it("404 for another company's candidate, and nothing is written", async () => {
    const created = await newCandidate();
    const res = await otherApi.post(`/candidates/${created.id}/notes`, { note: "sneaky" });
    expect(res.status).toBe(404);
    expect(await getPrisma().candidateActivity.count({ where: { candidateId: created.id, note: "sneaky" } })).toBe(0);
    expect((await apiClient(app.url, null).post(`/candidates/${created.id}/notes`, { note: "x" })).status).toBe(401);
  });
});

describe("PATCH /api/v1/candidates/{id} with the rejection e-mail", () => {
  const rejectionsOf = (candidateId: number) => getPrisma().emailMessage.findMany({ where: { candidateId, kind: "rejection" } });

  it("schedules it with the company's default delay (60 minutes) or the one given, and cancels it on a move out of rejected", async () => {
    const created = await newCandidate();
    const before = Date.now();
    const res = await api.patch(`/candidates/${created.id}`, { stage: "rejected", send_rejection_email: true });
    expect(res.status).toBe(200);
    const [scheduled] = await rejectionsOf(created.id);
    expect(scheduled).toMatchObject({ status: "scheduled", toAddresses: [created.email] });
    expect(scheduled!.sendAfter!.getTime()).toBeGreaterThanOrEqual(before + 3_600_000);

    expect((await api.patch(`/candidates/${created.id}`, { stage: "applied" })).status).toBe(200);
    expect(await rejectionsOf(created.id)).toMatchObject([{ id: scheduled!.id, status: "canceled" }]);

    const again = await api.patch(`/candidates/${created.id}`, { stage: "rejected", send_rejection_email: true, rejection_email_delay_minutes: 10_080 });
    expect(again.status).toBe(200);
    const latest = (await rejectionsOf(created.id)).find((m) => m.id !== scheduled!.id)!;
    expect(latest.sendAfter!.getTime()).toBeGreaterThanOrEqual(before + 10_080 * 60_000);
  });

  it("answers what it cannot send with the validation envelope, and another company's candidate with a 404 that queues nothing", async () => {
    const created = await newCandidate();
    const cases: [Record<string, unknown>, string][] = [
      [{ stage: "phonescreen", send_rejection_email: true }, "send_rejection_email"],
      [{ send_rejection_email: true }, "send_rejection_email"],
      [{ stage: "rejected", rejection_email_delay_minutes: 5 }, "rejection_email_delay_minutes"],
      [{ stage: "rejected", send_rejection_email: true, rejection_email_delay_minutes: 10_081 }, "rejection_email_delay_minutes"],
      [{ stage: "rejected", send_rejection_email: true, rejection_email_delay_minutes: -1 }, "rejection_email_delay_minutes"],
      [{ stage: "rejected", send_rejection_email: true, rejection_email_delay_minutes: 1.5 }, "rejection_email_delay_minutes"],
      [{ stage: "rejected", send_rejection_email: "yes" }, "send_rejection_email"],
    ];
    for (const [body, field] of cases) {
      const res = await api.patch(`/candidates/${created.id}`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toBe("validation_error");
      expect(res.body.error.details.map((d: { field: string }) => d.field), JSON.stringify(body)).toContain(field);
    }
    const foreign = await otherApi.patch(`/candidates/${created.id}`, { stage: "rejected", send_rejection_email: true });
    expect(foreign.status).toBe(404);
    expect(await getPrisma().emailMessage.count({ where: { candidateId: created.id } })).toBe(0);
    expect((await api.get(`/candidates/${created.id}`)).body.data.stage).toBe(created.stage);
  });
});
