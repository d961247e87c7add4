import { getPrisma } from "@hireflow/db";
import { useIsolatedDatabase } from "@hireflow/db/testing/isolated";
import { allJobs, startOutboxPublisher } from "@hireflow/worker";
import { registerJobs, shutdownLocalRunner } from "@hireflow/worker/runtime";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApp } from "../helpers/app.ts";
import { apiClient, type ApiClient } from "../helpers/client.ts";
import { addJob, createTestCompany, type TestCompany } from "../helpers/fixtures.ts";
import { postMultipart } from "../helpers/multipart.ts";
import { FIXTURE_PEOPLE, fixture, longPdf, PDF, TYPES, useTempBlobDir, waitForResume } from "../helpers/resumes.ts";

// The outbox publisher sweeps the whole events table, so this file has a database of its own.
useIsolatedDatabase();
useTempBlobDir();
let app: Awaited<ReturnType<typeof startApp>>;
let publisher: ReturnType<typeof startOutboxPublisher>;
let acme: TestCompany;
let api: ApiClient;

beforeAll(async () => {
  registerJobs(allJobs);
  publisher = startOutboxPublisher();
  app = await startApp();
  acme = await createTestCompany();
  api = apiClient(app.url, acme);
});
afterAll(async () => {
  await publisher.stop();
  await shutdownLocalRunner();
  await app.close();
});

async function upload(fields: Record<string, string>, bytes: Uint8Array, filename: string, type: string) {
  const res = await postMultipart(app.url, acme.apiKey, { ...fields, resume: { bytes, filename, type } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  expect(res.body.data).toMatchObject({ resume_status: "pending", resume_data: null });
  return res.body.data;
}

async function download(resumeUrl: string) {
  const res = await fetch(resumeUrl.replace(/^https?:\/\/[^/]+/, app.url));
  return { status: res.status, headers: res.headers, bytes: new Uint8Array(await res.arrayBuffer()) };
}

const DANA = {
  name: "Dana Whitfield",
  email: "dana.whitfield@example.com",
  phone: "+14155552671",
  location: "San Francisco, CA",
  linkedin: "https://www.linkedin.com/in/dana-whitfield",
};

describe.concurrent("upload → completed → backfilled placeholder → resume_url", () => {
  const cases = [
    ...FIXTURE_PEOPLE.flatMap((person) =>
      (["pdf", "docx", "doc"] as const).map((ext) => ({ label: `${person.stem}.${ext}`, ext, person, bytes: async () => fixture(`${person.stem}.${ext}`) })),
    ),
    { label: "a generated 50-page PDF", ext: "pdf" as const, person: DANA, bytes: () => longPdf(50) },
  ];
  it.each(cases)("$label", async ({ label, ext, person, bytes: make }) => {
    const bytes = await make();
    // A job per file: the same person's three files would otherwise collide on the e-mail rule. (A
    // department per job too: createJob's department upsert is not safe under concurrent creates.)
    const jobId = await addJob(acme, { title: `Job for ${label}`, department: label });
    const created = await upload({ job_id: String(jobId) }, bytes, label, "application/octet-stream");
    expect(created.name).toBeNull();

    const done = await waitForResume(api, created.id);
    expect(done.resume_status, JSON.stringify(await resumeError(created.id))).toBe("completed");
    expect(done).toMatchObject({ name: person.name, email: person.email, phone: person.phone, location: person.location, linkedin: person.linkedin });
    expect(done.resume_data).toMatchObject({
      name: person.name,
      email: person.email,
      phone: person.phone,
      location: person.location,
      linkedin: person.linkedin,
      skills: expect.any(Array),
      text_excerpt: expect.stringContaining(person.name.split(" ")[0]!),
      parser: { pdf: "pdf-parse", docx: "mammoth", doc: "word-extractor" }[ext],
      parsed_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });

    const activities = await getPrisma().candidateActivity.findMany({ where: { candidateId: created.id, type: "resume_processed" } });
    expect(activities).toHaveLength(1);
    expect(activities[0]).toMatchObject({ addedBy: "system", data: { status: "completed", backfilled: ["name", "email", "phone", "location", "linkedin"] } });

    const file = await download(done.resume_url);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe(TYPES[ext]);
    expect(file.headers.get("content-disposition")).toContain(`filename="${label}"`);
    expect(file.bytes).toEqual(bytes);
  });
});

async function resumeError(id: number) {
  return (await getPrisma().candidate.findUnique({ where: { id }, select: { resumeError: true } }))?.resumeError;
}

describe("backfill rules", () => {
  it("never overwrites what the client sent, fills what it left empty, and notes another e-mail of the resume", async () => {
    // Issue 28 item 4: an applicant who typed name and e-mail gets phone, location and LinkedIn from the resume.
    const jobId = await addJob(acme);
    const created = await upload({ job_id: String(jobId), name: "Client Chosen Name", email: "client@example.com" }, fixture("priya-raman.pdf"), "p.pdf", PDF);
    const done = await waitForResume(api, created.id);
    expect(done).toMatchObject({ resume_status: "completed", name: "Client Chosen Name", email: "client@example.com" });
    expect(done.resume_data).toMatchObject({ name: "Priya Raman", email: "priya.raman@example.net" });
    expect(done.phone).toBe(done.resume_data.phone);
    expect(done.location).toBe(done.resume_data.location);
    expect(done.phone).not.toBeNull();
    expect(done.location).not.toBeNull();
    const activity = await getPrisma().candidateActivity.findFirstOrThrow({ where: { candidateId: created.id, type: "resume_processed" } });
    const data = activity.data as { backfilled: string[]; other_email?: string };
    expect(data.backfilled).not.toContain("name");
    expect(data.backfilled).not.toContain("email");
    expect(data.backfilled).toEqual(expect.arrayContaining(["phone", "location"]));
    expect(data.other_email).toBe("priya.raman@example.net");
  });

  it("fills only the empty fields of a placeholder: the client's e-mail, phone and location stay", async () => {
    const jobId = await addJob(acme);
    const created = await upload(
      { job_id: String(jobId), email: "marcus.private@example.com", phone: "+1 212 555 0100", location: "Paris, France" },
      fixture("marcus-oneill.docx"),
      "m.docx",
      TYPES.docx,
    );
    const done = await waitForResume(api, created.id);
    expect(done).toMatchObject({
      resume_status: "completed",
      name: "Marcus O'Neill",
      email: "marcus.private@example.com",
      phone: "+12125550100",
      location: "Paris, France",
      linkedin: "https://www.linkedin.com/in/marcus-oneill",
    });
    const activity = await getPrisma().candidateActivity.findFirstOrThrow({ where: { candidateId: created.id, type: "resume_processed" } });
    expect(activity.data).toMatchObject({ backfilled: ["name", "linkedin"] });
  });

  it("does not apply a backfilled e-mail another candidate of the job uses; the resume still completes and keeps it", async () => {
    const jobId = await addJob(acme);
    const first = await api.post("/candidates", { job_id: jobId, name: "Already Here", email: "PRIYA.RAMAN@example.net" });
    expect(first.status).toBe(201);
    const created = await upload({ job_id: String(jobId) }, fixture("priya-raman.docx"), "p.docx", TYPES.docx);
    const done = await waitForResume(api, created.id);
    expect(done).toMatchObject({ resume_status: "completed", name: "Priya Raman", email: null, phone: "+12125550143" });
    expect(done.resume_data.email).toBe("priya.raman@example.net");
    const activity = await getPrisma().candidateActivity.findFirstOrThrow({ where: { candidateId: created.id, type: "resume_processed" } });
    expect(activity.data).toMatchObject({ status: "completed", email_not_applied: "duplicate", backfilled: ["name", "phone", "location", "linkedin"] });
    // The same e-mail in another job is fine.
    const elsewhere = await upload({ job_id: String(await addJob(acme)) }, fixture("priya-raman.docx"), "p.docx", TYPES.docx);
    expect((await waitForResume(api, elsewhere.id)).email).toBe("priya.raman@example.net");
  });
});
