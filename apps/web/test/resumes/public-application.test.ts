import { randomBytes } from "node:crypto";
import { getPrisma } from "@hireflow/db";
import { describe, expect, it } from "vitest";
import { useApiApp } from "../helpers/api-app.ts";
import { countBlobs, type FormFields, postMultipart } from "../helpers/multipart.ts";
import { fixture, PDF, useTempBlobDir } from "../helpers/resumes.ts";

// The careers form with a resume: POST /api/public/jobs/{id}/applications as multipart/form-data.
const blobs = useTempBlobDir();
const QUESTIONS = [
  { id: "years", label: "Years of experience", type: "text" as const, required: true },
  { id: "relocate", label: "Willing to relocate?", type: "yes_no" as const, required: false },
];
const app = useApiApp({ screening_questions: QUESTIONS });

const randomIp = () => `10.${[...randomBytes(3)].join(".")}`;
const apply = (fields: FormFields, jobId: number | string = app.acme.jobId) =>
  postMultipart(app.url, null, fields, { path: `/api/public/jobs/${jobId}/applications`, headers: { "x-forwarded-for": randomIp() } });
const resume = (bytes = fixture("priya-raman.pdf"), filename = "priya.pdf") => ({ bytes, filename, type: PDF });
let uniq = 0;
const email = () => `applicant${++uniq}-${Date.now()}@example.com`;

async function expectNothingStored(fn: () => Promise<void>) {
  const before = { blobs: await countBlobs(blobs.dir()), candidates: await getPrisma().candidate.count({ where: { companyId: app.acme.id } }) };
  await fn();
  expect({ blobs: await countBlobs(blobs.dir()), candidates: await getPrisma().candidate.count({ where: { companyId: app.acme.id } }) }).toEqual(before);
}

describe("POST /api/public/jobs/{id}/applications (multipart)", () => {
  it("creates a self-serve candidate with the resume (pending parse), answers from answers[<id>] fields", async () => {
    const before = await countBlobs(blobs.dir());
    const address = email();
    const res = await apply({ name: "Priya Raman", email: address, phone: "+1 212 555 0143", "answers[years]": "7", "answers[relocate]": "yes", website: "", resume: resume() });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ data: { status: "received" } });
    expect(await countBlobs(blobs.dir())).toBe(before + 1);
    const candidate = await getPrisma().candidate.findFirstOrThrow({ where: { companyId: app.acme.id, email: address } });
    expect(candidate).toMatchObject({
      name: "Priya Raman",
      applicationSource: "self_apply",
      stage: "applied",
      answers: { years: "7", relocate: true },
      resumeFilename: "priya.pdf",
      resumeContentType: PDF,
      resumeStatus: "pending",
    });
    expect(candidate.resumeBlobKey).toMatch(new RegExp(`^resumes/${app.acme.id}/`));
    const parse = await getPrisma().event.count({ where: { type: "candidate/resume.uploaded", payload: { path: ["candidate_id"], equals: candidate.id } } });
    expect(parse).toBe(1);
  });

  it("keeps no blob when no candidate is created: repeat application, honeypot, validation error, closed job", async () => {
    const address = email();
    expect((await apply({ name: "First Time", email: address, "answers[years]": "1", resume: resume() })).status).toBe(201);
    await expectNothingStored(async () => {
      const repeat = await apply({ name: "Second Time", email: address.toUpperCase(), "answers[years]": "2", resume: resume() });
      expect(repeat.status).toBe(201);
      expect(repeat.body).toEqual({ data: { status: "received" } });
      const bot = await apply({ name: "Bot", email: email(), "answers[years]": "3", website: "http://spam.example", resume: resume() });
      expect(bot.status).toBe(201);
      const invalid = await apply({ name: "No Mail", "answers[years]": "1", resume: resume() });
      expect(invalid.status).toBe(400);
      expect(invalid.body.error.details).toEqual([{ field: "email", message: "Required" }]);
      const unanswered = await apply({ name: "No Answer", email: email(), resume: resume() });
      expect(unanswered.status).toBe(400);
      expect(unanswered.body.error.details).toEqual([{ field: "answers.years", message: "Required" }]);
      for (const jobId of [2_000_000_000, "abc"]) {
        const missing = await apply({ name: "X", email: email(), resume: resume() }, jobId);
        expect(missing.status).toBe(404);
        expect(missing.body.error.code).toBe("not_found");
      }
    });
  });

  it("refuses bad files, unknown fields and oversized bodies like the API does", async () => {
    await expectNothingStored(async () => {
      const text = await apply({ name: "X", email: email(), "answers[years]": "1", resume: resume(new TextEncoder().encode("not a resume"), "cv.pdf") });
      expect(text.status).toBe(400);
      expect(text.body.error.details).toEqual([{ field: "resume", message: "Must be a PDF, DOC or DOCX file" }]);
      const unknown = await apply({ name: "X", email: email(), "answers[years]": "1", favourite: "blue" });
      expect(unknown.status).toBe(400);
      expect(unknown.body.error.details).toEqual([{ field: "favourite", message: "Unknown field" }]);
      const big = new Uint8Array(12 * 1024 * 1024);
      big.set(new TextEncoder().encode("%PDF-1.7\n"));
      const tooLarge = await apply({ name: "X", email: email(), "answers[years]": "1", resume: resume(big, "big.pdf") });
      expect(tooLarge.status).toBe(413);
      expect(tooLarge.body.error.code).toBe("payload_too_large");
    });
  });

  it("accepts a multipart application without a resume", async () => {
    const address = email();
    const res = await apply({ name: "Paper Only", email: address, "answers[years]": "4" });
    expect(res.status).toBe(201);
    const candidate = await getPrisma().candidate.findFirstOrThrow({ where: { companyId: app.acme.id, email: address } });
    expect(candidate).toMatchObject({ resumeBlobKey: null, resumeStatus: null });
  });
});
