import { randomBytes } from "node:crypto";
import { createUser, systemContext } from "@hireflow/core";
import { updatePipelineTemplate } from "@hireflow/core/pipeline/stages";
import { getPrisma } from "@hireflow/db";
import { describe, expect, it } from "vitest";
import { useApiApp } from "../helpers/api-app.ts";
import { apiClient, type ApiClient } from "../helpers/client.ts";
import { createTestCompany, type TestCompany } from "../helpers/fixtures.ts";

/**
 * Interview plans over real HTTP (issue 26 §1): each stage of a job's pipeline carries its kits
 * `{id, name, duration_minutes, instructions, attributes, questions}`, written with the stages in
 * POST/PATCH /jobs (kits named by id are kept), validated with the envelope, dropped with their stage,
 * copied from the company's pipeline template; POST /interviews schedules from a kit, whose brief goes
 * to the panel and never to the candidate.
 */
const app = useApiApp();

const unique = () => randomBytes(4).toString("hex");

const PIPELINE = [
  { key: "applied", name: "Applied", type: "applied" },
  { key: "prospect", name: "Prospect", type: "prospect" },
  {
    key: "tech",
    name: "Technical",
    type: "inprogress",
    interviews: [
      { name: "System design", duration_minutes: 60, instructions: "Secret panel note: probe caching", attributes: ["System design", "Communication"], questions: ["Design a URL shortener"] },
      { name: "Coding", duration_minutes: 45 },
    ],
  },
  { key: "hired", name: "Hired", type: "hired" },
  { key: "rejected", name: "Rejected", type: "rejected" },
];

async function company(): Promise<{ co: TestCompany; api: ApiClient }> {
  const co = await createTestCompany();
  return { co, api: apiClient(app.url, co) };
}

async function jobWithPlan(api: ApiClient, stages: unknown = PIPELINE) {
  const res = await api.post("/jobs", { title: `Backend ${unique()}`, stages });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: number; stages: { key: string; interviews?: { id: number; name: string; duration_minutes: number; instructions: string; attributes: string[]; questions: string[] }[] }[] };
}

const kitsOf = (job: { stages: { key: string; interviews?: unknown[] }[] }, key: string) => (job.stages.find((s) => s.key === key)!.interviews ?? []) as { id: number; name: string }[];

describe("interview plans in POST/PATCH/GET /jobs", () => {
  it("stores each stage's kits in order, with ids, and shows them on GET and in the list", async () => {
    const { api } = await company();
    const job = await jobWithPlan(api);
    expect(job.stages.find((s) => s.key === "tech")!.interviews).toEqual([
      { id: expect.any(Number), name: "System design", duration_minutes: 60, instructions: "Secret panel note: probe caching", attributes: ["System design", "Communication"], questions: ["Design a URL shortener"] },
      { id: expect.any(Number), name: "Coding", duration_minutes: 45, instructions: "", attributes: [], questions: [] },
    ]);
    // A stage without a plan reads as before plans existed.
    for (const stage of job.stages.filter((s) => s.key !== "tech")) expect(Object.keys(stage).sort()).toEqual(["key", "name", "type"]);
    const got = (await api.get(`/jobs/${job.id}`)).body.data;
    expect(got.stages).toEqual(job.stages);
    const listed = (await api.get("/jobs?limit=100")).body.data.find((j: { id: number }) => j.id === job.id);
    expect(listed.stages).toEqual(job.stages);
  });

  it("a PATCH keeps kits named by id, adds new ones, drops the others; a stage without interviews keeps its plan; a dropped stage's kits go", async () => {
    const { api } = await company();
    const job = await jobWithPlan(api);
    const [design, coding] = kitsOf(job, "tech");
    const stages = PIPELINE.map((stage) =>
      stage.key === "tech" ? { ...stage, interviews: [{ id: coding!.id, name: "Pair programming", duration_minutes: 50 }, { name: "Values", duration_minutes: 30, attributes: ["Ownership"] }] } : stage,
    );
    const res = await api.patch(`/jobs/${job.id}`, { stages });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const tech = kitsOf(res.body.data, "tech");
    expect(tech.map((k) => k.name)).toEqual(["Pair programming", "Values"]);
    expect(tech[0]!.id).toBe(coding!.id);
    expect(tech.map((k) => k.id)).not.toContain(design!.id);

    // Stages without `interviews`: the plan stays.
    const plain = PIPELINE.map(({ key, name, type }) => ({ key, name, type }));
    expect(kitsOf((await api.patch(`/jobs/${job.id}`, { stages: plain })).body.data, "tech")).toEqual(tech);

    // Dropping the stage drops its kits.
    const withoutTech = plain.filter((s) => s.key !== "tech");
    expect((await api.patch(`/jobs/${job.id}`, { stages: withoutTech })).status).toBe(200);
    expect(await getPrisma().jobInterview.count({ where: { jobId: job.id } })).toBe(0);
  });

  it.each([
    ["an empty name", { name: " ", duration_minutes: 30 }, "stages[2].interviews[0].name"],
    ["a name over 120 characters", { name: "x".repeat(121), duration_minutes: 30 }, "stages[2].interviews[0].name"],
    ["4 minutes", { name: "Short", duration_minutes: 4 }, "stages[2].interviews[0].duration_minutes"],
    ["481 minutes", { name: "Long", duration_minutes: 481 }, "stages[2].interviews[0].duration_minutes"],
    ["a fractional duration", { name: "Odd", duration_minutes: 30.5 }, "stages[2].interviews[0].duration_minutes"],
    ["16 attributes", { name: "Many", duration_minutes: 30, attributes: Array.from({ length: 16 }, (_, i) => `a${i}`) }, "stages[2].interviews[0].attributes"],
    ["an empty attribute", { name: "Blank", duration_minutes: 30, attributes: [""] }, "stages[2].interviews[0].attributes[0]"],
    ["an unknown field", { name: "Extra", duration_minutes: 30, rubric: "x" }, "stages[2].interviews[0]"],
    ["a kit id the stage does not have", { id: 2_000_000_000, name: "Ghost", duration_minutes: 30 }, "stages[2].interviews[0].id"],
  ])("refuses %s with 400 naming the field, and writes nothing", async (_name, kit, field) => {
    const { api } = await company();
    const job = await jobWithPlan(api);
    const before = await getPrisma().jobInterview.findMany({ where: { jobId: job.id }, orderBy: { id: "asc" } });
    const stages = PIPELINE.map((stage) => (stage.key === "tech" ? { ...stage, interviews: [kit] } : stage));
    const res = await api.patch(`/jobs/${job.id}`, { stages });
    expect([res.status, res.body.error?.code], JSON.stringify(res.body)).toEqual([400, "validation_error"]);
    expect(res.body.error.details.map((d: { field: string }) => d.field).some((f: string) => f.startsWith(field))).toBe(true);
    expect(await getPrisma().jobInterview.findMany({ where: { jobId: job.id }, orderBy: { id: "asc" } })).toEqual(before);
  });

  it("refuses a kit id of another job or another company: it is not this stage's", async () => {
    const { api } = await company();
    const mine = await jobWithPlan(api);
    const other = await jobWithPlan(api);
    const theirs = await jobWithPlan((await company()).api);
    for (const id of [kitsOf(other, "tech")[0]!.id, kitsOf(theirs, "tech")[0]!.id]) {
      const stages = PIPELINE.map((stage) => (stage.key === "tech" ? { ...stage, interviews: [{ id, name: "Taken", duration_minutes: 30 }] } : stage));
      const res = await api.patch(`/jobs/${mine.id}`, { stages });
      expect([res.status, res.body.error.details[0].field]).toEqual([400, "stages[2].interviews[0].id"]);
    }
    expect((await getPrisma().jobInterview.findUniqueOrThrow({ where: { id: kitsOf(theirs, "tech")[0]!.id } })).name).toBe("System design");
  });
});

describe("the company's pipeline template", () => {
  it("carries the stages' kits, and every new job gets its own copies", async () => {
    const { co, api } = await company();
    await updatePipelineTemplate(systemContext(getPrisma(), co.id), PIPELINE as never);
    const first = (await api.post("/jobs", { title: `From template ${unique()}` })).body.data;
    const second = (await api.post("/jobs", { title: `From template ${unique()}` })).body.data;
    for (const job of [first, second]) {
      expect(kitsOf(job, "tech").map((k) => k.name)).toEqual(["System design", "Coding"]);
      expect(job.stages.find((s: { key: string }) => s.key === "tech").interviews[0]).toMatchObject({ duration_minutes: 60, instructions: "Secret panel note: probe caching", attributes: ["System design", "Communication"], questions: ["Design a URL shortener"] });
    }
    const ids = [...kitsOf(first, "tech"), ...kitsOf(second, "tech")].map((k) => k.id);
    expect(new Set(ids).size).toBe(4);
  });
});

describe("POST /interviews from a kit", () => {
  it("takes the kit's name and duration, sends its brief to the panel only, and refuses another job's kit", async () => {
    const { co, api } = await company();
    const job = await jobWithPlan(api);
    const member = await createUser(getPrisma(), { companyId: co.id, email: `panel-${unique()}@example.com`, password: "correct horse battery", name: "Panel Member", role: "recruiter" });
    const candidate = (await api.post("/candidates", { job_id: job.id, name: "Ada Lovelace", email: `ada-${unique()}@example.com` })).body.data;
    const [design] = kitsOf(job, "tech");
    const last = (await getPrisma().emailMessage.findFirst({ where: { companyId: co.id }, orderBy: { id: "desc" } }))?.id ?? 0;
    const res = await api.post("/interviews", { candidate_id: candidate.id, interview_id: design!.id, start_at: "2030-06-03T09:00:00Z", time_zone: "UTC", interviewer_ids: [member.id], notify_candidate: true });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({ interview_id: design!.id, title: "System design", start_at: "2030-06-03T09:00:00.000Z", end_at: "2030-06-03T10:00:00.000Z" });
    const mails = await getPrisma().emailMessage.findMany({ where: { companyId: co.id, id: { gt: last } }, select: { toAddresses: true, textBody: true, htmlBody: true, attachments: true } });
    expect(mails).toHaveLength(2);
    const toCandidate = mails.find((m) => m.toAddresses.join().includes(candidate.email))!;
    const toPanel = mails.find((m) => m !== toCandidate)!;
    for (const part of [toPanel.textBody, toPanel.htmlBody!]) expect(part).toContain("Secret panel note: probe caching");
    expect(toPanel.textBody).toContain("Focus on: System design, Communication");
    expect(toPanel.textBody).toContain("Design a URL shortener");
    const candidateFiles = [toCandidate.textBody, toCandidate.htmlBody!, JSON.stringify(toCandidate.attachments), ...(toCandidate.attachments as { content_base64: string }[]).map((a) => Buffer.from(a.content_base64, "base64").toString("utf8"))];
    for (const part of candidateFiles) {
      expect(part).not.toContain("Secret panel note");
      expect(part).not.toContain("URL shortener");
    }

    // A title and an end override the kit's.
    const own = await api.post("/interviews", { candidate_id: candidate.id, interview_id: design!.id, title: "Design deep-dive", start_at: "2030-06-04T09:00:00Z", end_at: "2030-06-04T09:30:00Z", time_zone: "UTC", interviewer_ids: [member.id] });
    expect(own.body.data).toMatchObject({ title: "Design deep-dive", end_at: "2030-06-04T09:30:00.000Z", interview_id: design!.id });

    const otherJob = await jobWithPlan(api);
    const refused = await api.post("/interviews", { candidate_id: candidate.id, interview_id: kitsOf(otherJob, "tech")[0]!.id, start_at: "2030-06-03T09:00:00Z", time_zone: "UTC", interviewer_ids: [member.id] });
    expect([refused.status, refused.body.error.details[0].field]).toEqual([400, "interview_id"]);
    const neither = await api.post("/interviews", { candidate_id: candidate.id, start_at: "2030-06-03T09:00:00Z", time_zone: "UTC", interviewer_ids: [member.id] });
    expect(neither.status).toBe(400);
    expect(neither.body.error.details.map((d: { field: string }) => d.field).sort()).toEqual(["end_at", "title"]);
  });
});
