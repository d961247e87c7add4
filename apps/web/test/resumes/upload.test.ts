import { randomBytes } from "node:crypto";
import http from "node:http";
import { getPrisma } from "@hireflow/db";
import { type BlobStorage, createLocalStorage, fileUrl, setStorageForTesting } from "@hireflow/storage";
import { describe, expect, it } from "vitest";
import { useApiApp } from "../helpers/api-app.ts";
import { createTestCompany } from "../helpers/fixtures.ts";
import { countBlobs, postMultipart, type FormFields } from "../helpers/multipart.ts";
import { DOC, DOCX, fixture, PDF, plainZip, useTempBlobDir } from "../helpers/resumes.ts";

// No background work runs in this file: uploads stay `pending`, which is all these tests look at.
const blobs = useTempBlobDir();
const app = useApiApp();
const MB = 1024 * 1024;
const pdf = fixture("priya-raman.pdf");
let uniq = 0;
const email = () => `upload${++uniq}-${Date.now()}@example.com`;

const post = (fields: FormFields, key: string | null = app.acme.apiKey, headers: Record<string, string> = {}) => postMultipart(app.url, key, fields, { headers });
const resume = (bytes: Uint8Array = pdf, filename = "cv.pdf", type = PDF) => ({ bytes, filename, type });

/** Runs `fn` and checks it neither left a blob behind nor created a candidate. */
async function expectNothingStored(fn: () => Promise<void>) {
  const before = await countBlobs(blobs.dir());
  const candidates = await getPrisma().candidate.count({ where: { companyId: app.acme.id } });
  await fn();
  expect(await countBlobs(blobs.dir())).toBe(before);
  expect(await getPrisma().candidate.count({ where: { companyId: app.acme.id } })).toBe(candidates);
}

describe("POST /api/v1/candidates (multipart)", () => {
  it("creates a placeholder candidate from a resume alone: 201 at once, pending, resume_data null", async () => {
    const before = await countBlobs(blobs.dir());
    const res = await post({ job_id: String(app.acme.jobId), resume: resume(pdf, "Priya Raman – CV.pdf", "text/plain") });
    expect(res.status).toBe(201);
    expect(res.headers.get("request-id")).toMatch(/^req_/);
    const c = res.body.data;
    expect(c).toMatchObject({
      name: null,
      email: null,
      application_source: "public_api",
      stage: "prospect",
      resume_status: "pending",
      resume_data: null,
      job: { id: app.acme.jobId },
    });
    expect(c.resume_url).toMatch(/\/api\/files\/[A-Za-z0-9._-]+$/);
    expect(await countBlobs(blobs.dir())).toBe(before + 1);

    const row = await getPrisma().candidate.findUniqueOrThrow({ where: { id: c.id } });
    // The stored type comes from the file's bytes, not from the declared text/plain.
    expect(row).toMatchObject({ resumeFilename: "Priya Raman – CV.pdf", resumeContentType: PDF, resumeSize: pdf.length, resumeStatus: "pending" });
    expect(row.resumeBlobKey).toMatch(new RegExp(`^resumes/${app.acme.id}/[A-Za-z0-9_-]{22}/Priya_Raman_CV\\.pdf$`));
    const event = await getPrisma().event.findFirstOrThrow({ where: { companyId: app.acme.id, type: "candidate/resume.uploaded", payload: { path: ["candidate_id"], equals: c.id } } });
    expect(event.payload).toEqual({ candidate_id: c.id, company_id: app.acme.id });

    // The signed URL serves the same bytes without an API key, with type and filename.
    const download = await fetch(c.resume_url.replace(/^https?:\/\/[^/]+/, app.url));
    expect(download.status).toBe(200);
    expect(download.headers.get("content-type")).toBe(PDF);
    expect(download.headers.get("content-disposition")).toBe(`attachment; filename="Priya Raman _ CV.pdf"; filename*=UTF-8''Priya%20Raman%20%E2%80%93%20CV.pdf`);
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(pdf);
  });

  it("a tampered or expired resume URL is 403 with the error envelope", async () => {
    const res = await post({ job_id: String(app.acme.jobId), name: "Url Test", resume: resume() });
    const url: string = res.body.data.resume_url.replace(/^https?:\/\/[^/]+/, app.url);
    const token = url.split("/").pop()!;
    const flipped = token.slice(0, -2) + (token.at(-2) === "A" ? "B" : "A") + token.at(-1);
    for (const bad of [`${app.url}/api/files/${flipped}`, `${app.url}/api/files/${token.slice(5)}`, `${app.url}/api/files/not-a-token`]) {
      const denied = await fetch(bad);
      expect(denied.status, bad).toBe(403);
      expect(await denied.json()).toEqual({ error: { code: "forbidden", message: "This file link is invalid" } });
    }
    const row = await getPrisma().candidate.findUniqueOrThrow({ where: { id: res.body.data.id } });
    const expired = fileUrl({ key: row.resumeBlobKey!, filename: "cv.pdf", expiresInSeconds: -1 }).replace(/^https?:\/\/[^/]+/, app.url);
    const gone = await fetch(expired);
    expect(gone.status).toBe(403);
    expect(await gone.json()).toEqual({ error: { code: "forbidden", message: "This file link has expired" } });
  });

  it("accepts every field as a string, DOCX and DOC by their bytes, and multipart without a resume", async () => {
    const full = await post({
      job_id: String(app.acme.jobId),
      name: "  Ada Lovelace  ",
      email: "ada.multipart@example.com",
      phone: "(212) 555-0143",
      linkedin: "https://www.linkedin.com/in/ada",
      location: "London, UK",
      stage: "phonescreen",
      notes: "Sent her CV",
      resume: resume(fixture("marcus-oneill.docx"), "ada.docx", "application/octet-stream"),
    });
    expect(full.status).toBe(201);
    expect(full.body.data).toMatchObject({
      name: "Ada Lovelace",
      email: "ada.multipart@example.com",
      phone: "+12125550143",
      stage: "phonescreen",
      resume_status: "pending",
    });
    expect((await getPrisma().candidate.findUniqueOrThrow({ where: { id: full.body.data.id } })).resumeContentType).toBe(DOCX);
    const notes = await getPrisma().candidateActivity.findMany({ where: { candidateId: full.body.data.id, type: "note_added" } });
    expect(notes.map((n) => n.note)).toEqual(["Sent her CV"]);

    const doc = await post({ job_id: String(app.acme.jobId), resume: resume(fixture("marcus-oneill.doc"), "old.doc", DOC) });
    expect(doc.status).toBe(201);
    expect((await getPrisma().candidate.findUniqueOrThrow({ where: { id: doc.body.data.id } })).resumeContentType).toBe(DOC);

    const noFile = await post({ job_id: String(app.acme.jobId), name: "No File" });
    expect(noFile.status).toBe(201);
    expect(noFile.body.data).toMatchObject({ name: "No File", resume_status: null, resume_url: null, resume_data: null });
    // An HTML form's empty file input (no file chosen) counts as no resume.
    const emptyInput = await post({ job_id: String(app.acme.jobId), name: "Empty Input", resume: { bytes: new Uint8Array(0), filename: "" } });
    expect(emptyInput.status).toBe(201);
    expect(emptyInput.body.data.resume_status).toBeNull();
  });

  it("requires name without a resume, and validates like JSON (job_id digits, unknown fields, limits)", async () => {
    await expectNothingStored(async () => {
      const noName = await post({ job_id: String(app.acme.jobId) });
      expect(noName.status).toBe(400);
      expect(noName.body.error).toEqual({ code: "validation_error", message: "The request is invalid", details: [{ field: "name", message: "Required" }] });

      for (const jobId of ["abc", "0x10", "1e3", "", "-1", "1.0", "0", "99999999999"]) {
        const res = await post({ job_id: jobId, name: "X", resume: resume() });
        expect(res.status, jobId).toBe(400);
        expect(res.body.error.code).toBe("validation_error");
        expect(res.body.error.details.map((d: { field: string }) => d.field), jobId).toEqual(["job_id"]);
      }
      const missing = await post({ name: "X", resume: resume() });
      expect(missing.status).toBe(400);
      expect(missing.body.error.details.map((d: { field: string }) => d.field)).toEqual(["job_id"]);

      const unknown = await post({ job_id: String(app.acme.jobId), name: "X", favourite_colour: "blue", resume: resume() });
      expect(unknown.status).toBe(400);
      expect(unknown.body.error.details).toEqual([{ field: "favourite_colour", message: "Unknown field" }]);
      const unknownFile = await post({ job_id: String(app.acme.jobId), name: "X", cover_letter: resume() });
      expect(unknownFile.body.error.details).toEqual([{ field: "cover_letter", message: "Unknown field" }]);
      const fileAsText = await post({ job_id: String(app.acme.jobId), name: resume() });
      expect(fileAsText.body.error.details).toEqual([{ field: "name", message: "Must be a text field" }]);
      const twice = await post({ job_id: String(app.acme.jobId), name: ["A", "B"], resume: resume() });
      expect(twice.body.error.details).toEqual([{ field: "name", message: "Must be given once" }]);

      for (const [field, value] of [["name", "a".repeat(201)], ["email", "nope"], ["linkedin", "javascript:alert(1)"], ["stage", "interview"], ["notes", "n".repeat(2001)]]) {
        const res = await post({ job_id: String(app.acme.jobId), name: "X", [field!]: value!, resume: resume() });
        expect(res.status, field).toBe(400);
        expect(res.body.error.details).toEqual([expect.objectContaining({ field })]);
      }
      // Field and file problems are reported together.
      const both = await post({ job_id: "x", resume: resume(new TextEncoder().encode("hello"), "cv.pdf") });
      expect(both.body.error.details.map((d: { field: string }) => d.field)).toEqual(["job_id", "resume"]);
    });
  });

  it("refuses files that are not PDF, DOC or DOCX by their first bytes, and files over 10 MB (400, resume detail)", async () => {
    const bigPdf = new Uint8Array(10 * MB + 1);
    bigPdf.set(new TextEncoder().encode("%PDF-1.7\n"));
    const cases: [string, FormFields["resume"], string][] = [
      ["zero bytes", resume(new Uint8Array(0), "empty.pdf"), "The file is empty"],
      ["random bytes named .pdf", resume(new Uint8Array(randomBytes(4096)), "random.pdf"), "Must be a PDF, DOC or DOCX file"],
      ["a text file named .docx", resume(new TextEncoder().encode("Jane Doe\njane@example.com\n"), "cv.docx", DOCX), "Must be a PDF, DOC or DOCX file"],
      ["a ZIP that is not a DOCX", resume(plainZip(), "cv.docx", DOCX), "Must be a PDF, DOC or DOCX file"],
      ["a PNG", resume(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]), "cv.pdf"), "Must be a PDF, DOC or DOCX file"],
      ["a text value", "just text", "Must be a file (PDF, DOC or DOCX)"],
      ["10 MB + 1 byte", resume(bigPdf, "big.pdf"), "Must be at most 10 MB"],
    ];
    await expectNothingStored(async () => {
      for (const [label, file, message] of cases) {
        const res = await post({ job_id: String(app.acme.jobId), resume: file });
        expect(res.status, label).toBe(400);
        expect(res.body.error, label).toEqual({ code: "validation_error", message: "The request is invalid", details: [{ field: "resume", message }] });
      }
    });
    // Exactly 10 MB is allowed.
    const limit = new Uint8Array(10 * MB);
    limit.set(new TextEncoder().encode("%PDF-1.7\n"));
    expect((await post({ job_id: String(app.acme.jobId), resume: resume(limit, "limit.pdf") })).status).toBe(201);
  });

  it("answers 401 before storing anything", async () => {
    await expectNothingStored(async () => {
      for (const key of [null, "not-a-key", `hf_live_${"x".repeat(40)}`]) {
        const res = await post({ job_id: String(app.acme.jobId), resume: resume() }, key);
        expect(res.status).toBe(401);
        expect(res.body).toEqual({ error: { code: "unauthorized", message: "API key is missing or invalid" } });
      }
    });
  });

  it("deletes the blob when the create fails: duplicate e-mail 409, unknown or foreign job 404", async () => {
    const taken = email();
    expect((await app.api.post("/candidates", { job_id: app.acme.jobId, name: "First", email: taken })).status).toBe(201);
    const other = await createTestCompany();
    await expectNothingStored(async () => {
      const duplicate = await post({ job_id: String(app.acme.jobId), email: taken.toUpperCase(), resume: resume() });
      expect(duplicate.status).toBe(409);
      expect(duplicate.body.error.code).toBe("conflict");
      expect(duplicate.body.error.details).toEqual([{ field: "email", message: expect.stringContaining("Already used by candidate") }]);
      for (const jobId of [2_000_000_000, other.jobId]) {
        const missing = await post({ job_id: String(jobId), resume: resume() });
        expect(missing.status).toBe(404);
        expect(missing.body.error.code).toBe("not_found");
      }
    });
  });

  it("an idempotent retry replays the first candidate and keeps no second blob", async () => {
    const before = await countBlobs(blobs.dir());
    const key = { "idempotency-key": `resume-${Date.now()}` };
    const first = await post({ job_id: String(app.acme.jobId), resume: resume() }, app.acme.apiKey, key);
    expect(first.status).toBe(201);
    const retry = await post({ job_id: String(app.acme.jobId), resume: resume() }, app.acme.apiKey, key);
    expect(retry.status).toBe(201);
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
    expect(retry.body.data.id).toBe(first.body.data.id);
    expect(await countBlobs(blobs.dir())).toBe(before + 1);
  });

  it("answers 503 and creates nothing when storage is down", async () => {
    const failing: BlobStorage = {
      driver: "local",
      put: async () => {
        throw new Error("disk on fire");
      },
      get: async () => null,
      delete: async () => {},
      list: async function* () {},
    };
    setStorageForTesting(failing);
    try {
      await expectNothingStored(async () => {
        const res = await post({ job_id: String(app.acme.jobId), resume: resume() });
        expect(res.status).toBe(503);
        expect(res.body.error.code).toBe("service_unavailable");
      });
    } finally {
      setStorageForTesting(createLocalStorage(blobs.dir()));
    }
  });

  it("answers 400 bad_request for a malformed body or a missing boundary, and keeps JSON-only routes JSON-only", async () => {
    const headers = { authorization: `Bearer ${app.acme.apiKey}` };
    const garbage = await fetch(`${app.url}/api/v1/candidates`, { method: "POST", headers: { ...headers, "content-type": "multipart/form-data; boundary=xyz" }, body: "not multipart" });
    expect(garbage.status).toBe(400);
    expect((await garbage.json()).error.code).toBe("bad_request");
    const noBoundary = await fetch(`${app.url}/api/v1/candidates`, { method: "POST", headers: { ...headers, "content-type": "multipart/form-data" }, body: "x" });
    expect(noBoundary.status).toBe(400);
    const created = await app.api.post("/candidates", { job_id: app.acme.jobId, name: "Patch Me" });
    const manyFields: FormFields = { job_id: String(app.acme.jobId), name: "X" };
    for (let i = 0; i < 200; i++) manyFields[`f${i}`] = "x";
    const many = await post(manyFields);
    expect(many.status).toBe(400);
    expect(many.body.error).toEqual({ code: "bad_request", message: "The form has more than 100 fields" });
    const patch = await fetch(`${app.url}/api/v1/candidates/${created.body.data.id}`, { method: "PATCH", headers, body: toForm({ name: "New" }) });
    expect(patch.status).toBe(400);
    expect((await patch.json()).error.code).toBe("bad_request");
  });
});

function toForm(fields: Record<string, string>): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  return form;
}

describe("multipart body limit", () => {
  /** Sends a multipart body of `total` bytes (lazily, never held in memory) and reports what came back. */
  function streamUpload(total: number, declareLength: boolean): Promise<{ status: number; body: any; sentBytes: number; ms: number }> {
    const boundary = "----hireflow-test-boundary";
    const head = Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="resume"; filename="huge.pdf"\r\ncontent-type: application/pdf\r\n\r\n%PDF-1.7\n`);
    const url = new URL(`${app.url}/api/v1/candidates`);
    const started = performance.now();
    return new Promise((resolve, reject) => {
      const req = http.request({
        host: url.hostname,
        port: url.port,
        method: "POST",
        path: url.pathname,
        headers: {
          authorization: `Bearer ${app.acme.apiKey}`,
          "content-type": `multipart/form-data; boundary=${boundary}`,
          ...(declareLength ? { "content-length": String(total) } : {}),
        },
      });
      let sent = 0;
      let answered = false;
      const chunk = Buffer.alloc(256 * 1024, 0x41);
      req.on("response", (res) => {
        answered = true;
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (d: string) => (text += d));
        res.on("end", () => resolve({ status: res.statusCode!, body: JSON.parse(text), sentBytes: sent, ms: performance.now() - started }));
      });
      req.on("error", (error) => (answered ? undefined : reject(error)));
      const pump = () => {
        if (sent === 0) {
          sent += head.length;
          req.write(head);
        }
        while (!answered && sent < total) {
          sent += chunk.length;
          if (!req.write(chunk)) return void req.once("drain", pump);
        }
        if (!answered) req.end();
      };
      pump();
    });
  }

  it("refuses a declared 2 GB upload at once with 413 and the envelope, storing nothing", async () => {
    await expectNothingStored(async () => {
      const res = await streamUpload(2 * 1024 * MB, true);
      expect(res.status).toBe(413);
      expect(res.body).toEqual({ error: { code: "payload_too_large", message: "The request body must not exceed 11 MB" } });
      expect(res.sentBytes).toBeLessThan(64 * MB);
    });
  });

  it("refuses a streamed (chunked, no content-length) 2 GB upload after ~11 MB, without buffering it", async () => {
    await expectNothingStored(async () => {
      const res = await streamUpload(2 * 1024 * MB, false);
      expect(res.status).toBe(413);
      expect(res.body.error.code).toBe("payload_too_large");
      expect(res.sentBytes).toBeLessThan(64 * MB);
      expect(res.ms).toBeLessThan(10_000);
    });
    // The server is fine afterwards.
    expect((await app.api.get(`/jobs/${app.acme.jobId}`)).status).toBe(200);
  });

  it("refuses a 12 MB body sent with fetch (413) and accepts 11 MB bodies up to the limit", async () => {
    await expectNothingStored(async () => {
      const big = new Uint8Array(12 * MB);
      big.set(new TextEncoder().encode("%PDF-1.7\n"));
      const res = await post({ job_id: String(app.acme.jobId), resume: resume(big, "big.pdf") });
      expect(res.status).toBe(413);
      expect(res.body.error.code).toBe("payload_too_large");
    });
  });
});
