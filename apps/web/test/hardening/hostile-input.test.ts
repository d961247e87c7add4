import { toAppError } from "@hireflow/core";
import { getPrisma } from "@hireflow/db";
import { beforeAll, describe, expect, it } from "vitest";
import { useApiApp } from "../helpers/api-app.ts";
import { type ApiResponse } from "../helpers/client.ts";
import { fillPath, label, operations, validBody } from "./support/operations.ts";
import { idFieldKind, memberReference, pathValues, seedResources, snapshotSeries, tenantSnapshot } from "./support/resources.ts";

const app = useApiApp();
let candidateId: number;
let uniq = 0;
const email = () => `hostile${++uniq}-${Date.now()}@example.com`;

beforeAll(async () => {
  const created = await app.api.post("/candidates", { job_id: app.acme.jobId, name: "Target", email: email() });
  candidateId = created.body.data.id;
});

/** Rows of the company that a rejected request must not have touched. */
async function companyRows() {
  const prisma = getPrisma();
  const [candidates, activities, events] = await Promise.all([
    prisma.candidate.findMany({ where: { companyId: app.acme.id }, orderBy: { id: "asc" } }),
    prisma.candidateActivity.count({ where: { companyId: app.acme.id } }),
    prisma.event.count({ where: { companyId: app.acme.id } }),
  ]);
  return { candidates, activities, events };
}

function expectEnvelope(res: ApiResponse, status: number, code: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body.error.code).toBe(code);
  expect(typeof res.body.error.message).toBe("string");
  expect(res.headers.get("request-id")).toMatch(/^req_/);
}

/** Sends raw bytes as a JSON body. */
async function postRaw(path: string, bytes: Uint8Array | string, method = "POST", headers: Record<string, string> = {}): Promise<ApiResponse> {
  const res = await fetch(`${app.url}/api/v1${path}`, { method, headers: { ...app.acme.headers, ...headers }, body: bytes as BodyInit });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // reported as text
  }
  return { status: res.status, headers: res.headers, body };
}

describe("deeply nested JSON (100k levels)", () => {
  const deepArray = (depth: number) => `${"[".repeat(depth)}${"]".repeat(depth)}`;
  const deepObject = (depth: number) => `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`;

  it("is a 400 bad_request in a known field, an unknown field and the whole body — with and without an Idempotency-Key", async () => {
    const before = await companyRows();
    const bodies = [
      `{"job_id":${app.acme.jobId},"name":"Deep","notes":${deepArray(100_000)}}`,
      `{"job_id":${app.acme.jobId},"name":"Deep","extra":${deepObject(100_000)}}`,
      deepObject(100_000),
    ];
    for (const [i, body] of bodies.entries()) {
      expect(Buffer.byteLength(body)).toBeLessThan(1024 * 1024);
      expectEnvelope(await postRaw("/candidates", body), 400, "bad_request");
      // The idempotency fingerprint serialises the body (it overflowed the stack with a 500 before the depth limit).
      expectEnvelope(await postRaw("/candidates", body, "POST", { "idempotency-key": `deep-${i}-${Date.now()}` }), 400, "bad_request");
      expectEnvelope(await postRaw(`/candidates/${candidateId}`, body, "PATCH"), 400, "bad_request");
      expectEnvelope(await postRaw(`/candidates/${candidateId}/notes`, body), 400, "bad_request");
    }
    expect(await companyRows()).toEqual(before);
  });

  it("32 levels are still parsed (brackets inside strings do not count); 33 are refused", async () => {
    const nested = (depth: number) => `{"job_id":${app.acme.jobId},"name":"[[[{{{","x":${"[".repeat(depth - 1)}${"]".repeat(depth - 1)}}`;
    const ok = await postRaw("/candidates", nested(32));
    expectEnvelope(ok, 400, "validation_error"); // parsed: "x" is an unknown field
    expectEnvelope(await postRaw("/candidates", nested(33)), 400, "bad_request");
  });
});

describe("huge and odd numbers", () => {
  it.each([
    ["1e400 (Infinity after parsing)", "1e400"],
    ["-1e400", "-1e400"],
    ["2^64", "18446744073709551616"],
    ["2^53 + 1", "9007199254740993"],
    ["2^31 (past int32)", "2147483648"],
    ["a fraction", "1.5"],
    ["negative zero", "-0"],
    ["a long mantissa", `1${"0".repeat(5000)}`],
  ])("job_id %s → 400 validation_error naming job_id", async (_label, literal) => {
    const before = await companyRows();
    const res = await postRaw("/candidates", `{"job_id":${literal},"name":"Numbers"}`);
    expectEnvelope(res, 400, "validation_error");
    expect(res.body.error.details.map((d: { field: string }) => d.field)).toContain("job_id");
    expect(await companyRows()).toEqual(before);
  });

  it("rating 1e400 / 2^64 → 400, and a number where a string is expected → 400", async () => {
    for (const body of ['{"rating":1e400}', '{"rating":18446744073709551616}', '{"name":1e400}', '{"stage":18446744073709551616}']) {
      expectEnvelope(await postRaw(`/candidates/${candidateId}`, body, "PATCH"), 400, "validation_error");
    }
  });
});

describe("NUL bytes never reach PostgreSQL", () => {
  it.each([
    ["name", { name: "Ali\u0000ce" }],
    ["phone", { name: "N", phone: "+49\u0000 30 1234567" }],
    ["location", { name: "N", location: "Berlin\u0000" }],
    ["linkedin", { name: "N", linkedin: "https://linkedin.com/in/a\u0000b" }],
    ["email", { name: "N", email: "a\u0000b@example.com" }],
    ["notes", { name: "N", notes: "first line\u0000second" }],
  ])("create with NUL in %s → 400 validation_error for that field", async (field, fields) => {
    const before = await companyRows();
    const res = await app.api.post("/candidates", { job_id: app.acme.jobId, ...fields });
    expectEnvelope(res, 400, "validation_error");
    expect(res.body.error.details).toContainEqual({ field, message: expect.any(String) });
    expect(await companyRows()).toEqual(before);
  });

  it("update with NUL in any text field, a note with NUL and a filter with NUL → 400", async () => {
    const before = await companyRows();
    for (const field of ["name", "phone", "location", "ats_candidate_id"]) {
      const res = await app.api.patch(`/candidates/${candidateId}`, { [field]: "x\u0000y" });
      expectEnvelope(res, 400, "validation_error");
      expect(res.body.error.details[0].field).toBe(field);
    }
    expectEnvelope(await app.api.post(`/candidates/${candidateId}/notes`, { note: "a\u0000b" }), 400, "validation_error");
    expectEnvelope(await app.api.get("/candidates?stage=%00"), 400, "validation_error");
    expectEnvelope(await app.api.get("/candidates?email=a%00b%40example.com"), 400, "validation_error");
    expect(await companyRows()).toEqual(before);
  });

  it("NUL in any text field of any documented operation's body → 400, nothing written (from the OpenAPI document)", async () => {
    const resources = await seedResources(app.acme, "Nul");
    const hint = (field: string, schema: { type?: unknown }) => {
      const kind = idFieldKind(field);
      return kind ? resources[kind] : memberReference(field, schema, resources);
    };
    let checked = 0;
    // Every one of these requests is rejected: each "after" is the next one's "before".
    const snapshots = snapshotSeries(() => tenantSnapshot(app.acme.id));
    for (const op of operations().filter((o) => o.body)) {
      const body = validBody(op.body, hint);
      const path = fillPath(op, pathValues(op, resources));
      for (const [field, value] of Object.entries(body)) {
        if (typeof value !== "string") continue;
        const before = await snapshots.before();
        const res = await app.api.call(op.method, path, { ...body, [field]: `${value}\u0000` });
        expect(res.status, `${label(op)} ${field}: ${JSON.stringify(res.body)}`).toBe(400);
        expect(["validation_error", "bad_request"]).toContain(res.body.error.code);
        expect(await snapshots.after(), `${label(op)} ${field}`).toEqual(before);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(5);
  });

  it("a NUL that gets past the contracts is still a 400, not a 500 (PostgreSQL's 22021 is mapped in toAppError)", async () => {
    const error = await getPrisma()
      .department.create({ data: { companyId: app.acme.id, name: "unchecked\u0000" } })
      .catch((e: unknown) => e);
    expect(toAppError(error)).toMatchObject({ code: "bad_request", status: 400 });
  });

  it("a raw NUL byte inside a JSON string is invalid JSON → 400 bad_request", async () => {
    const bytes = Buffer.concat([Buffer.from(`{"job_id":${app.acme.jobId},"name":"a`), Buffer.from([0]), Buffer.from('"}')]);
    expectEnvelope(await postRaw("/candidates", bytes), 400, "bad_request");
  });
});

describe("invalid UTF-8", () => {
  it.each([
    ["a lone continuation byte", [0x80]],
    ["0xFF", [0xff]],
    ["an overlong NUL", [0xc0, 0x80]],
    ["a truncated sequence", [0xe2, 0x82]],
    ["an encoded surrogate", [0xed, 0xa0, 0x80]],
  ])("%s inside a string → 400 bad_request", async (_label, bytes) => {
    const before = await companyRows();
    const body = Buffer.concat([Buffer.from(`{"job_id":${app.acme.jobId},"name":"a`), Buffer.from(bytes), Buffer.from('b"}')]);
    expectEnvelope(await postRaw("/candidates", body), 400, "bad_request");
    expect(await companyRows()).toEqual(before);
  });

  it("a UTF-8 byte order mark before the JSON is ignored (RFC 8259 §8.1 allows it)", async () => {
    const res = await postRaw("/candidates", Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(`{"job_id":${app.acme.jobId},"name":"BOM"}`)]));
    expect(res.status).toBe(201);
    expect(res.body.data.name).toBe("BOM");
  });

  it("an escaped lone surrogate (valid JSON, not valid Unicode) never becomes a 500", async () => {
    const res = await postRaw("/candidates", `{"job_id":${app.acme.jobId},"name":"lone \\ud800 surrogate","email":"${email()}"}`);
    expect(res.status, JSON.stringify(res.body)).toBeLessThan(500);
  });
});

describe("control characters in single-line fields", () => {
  it.each([
    ["BEL", "Ring\u0007"],
    ["an ANSI escape", "\u001b[31mRed\u001b[0m"],
    ["a carriage return", "Line\rBreak"],
    ["a vertical tab", "Vertical\u000bTab"],
    ["backspace", "Back\bspace"],
  ])("%s in name → 400 validation_error", async (_label, value) => {
    const res = await app.api.post("/candidates", { job_id: app.acme.jobId, name: value });
    expectEnvelope(res, 400, "validation_error");
    expect(res.body.error.details).toEqual([{ field: "name", message: "Must not contain control characters" }]);
  });

  it("tab and line feed inside a value are kept; control characters in notes other than NUL are kept", async () => {
    const res = await app.api.post("/candidates", { job_id: app.acme.jobId, name: "Tab\tand\nnewline", location: "Ber\tlin", notes: "bell \u0007 ok" });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data.name).toBe("Tab\tand\nnewline");
    expect(res.body.data.location).toBe("Ber\tlin");
  });
});

describe("SQL and HTML in text fields", () => {
  const sql = "Robert'); DROP TABLE candidates;-- \" OR 1=1 --";
  const html = `<script>alert("x")</script><img src=x onerror=alert(1)>&amp;`;

  it("are stored verbatim and returned verbatim", async () => {
    const created = await app.api.post("/candidates", { job_id: app.acme.jobId, name: sql, location: html, phone: "'; SELECT pg_sleep(10);--", notes: `${sql}\n${html}`, email: email() });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.data.id;
    const fetched = await app.api.get(`/candidates/${id}`);
    expect(fetched.body.data).toMatchObject({ name: sql, location: html, phone: "'; SELECT pg_sleep(10);--" });
    const row = await getPrisma().candidate.findUniqueOrThrow({ where: { id } });
    expect([row.name, row.location]).toEqual([sql, html]);
    const note = await app.api.post(`/candidates/${id}/notes`, { note: html });
    expect(note.status).toBe(201);
    expect(note.body.data.note).toBe(html);
    const patched = await app.api.patch(`/candidates/${id}`, { ats_candidate_id: sql });
    expect(patched.body.data.ats_candidate_id).toBe(sql);
    // …and as filters they are values, not SQL.
    const listed = await app.api.get(`/candidates?stage=${encodeURIComponent("prospect' OR '1'='1")}`);
    expect(listed.status).toBe(200);
    expect(listed.body.data).toEqual([]);
  });
});

describe("path parameters and query strings", () => {
  const IDS = ["1e9", "-1", "0x10", "99999999999999999999", "0", "01", "1.0", "%31", "2147483648", " 1", "1%00", "NaN", "Infinity", "%E0%A4%A"];

  it.each(IDS)("id %s → 4xx envelope on every route with an id", async (id) => {
    const before = await companyRows();
    const calls = [
      app.api.get(`/candidates/${id}`),
      app.api.patch(`/candidates/${id}`, { name: "X" }),
      app.api.post(`/candidates/${id}/notes`, { note: "x" }),
      app.api.get(`/jobs/${id}`),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.status, `${id}: ${JSON.stringify(res.body)}`).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(res.body.error.code).toMatch(/^(validation_error|not_found|bad_request)$/);
    }
    expect(await companyRows()).toEqual(before);
  });

  it("duplicated query parameters → 400 validation_error, never the first or the last silently", async () => {
    for (const query of ["limit=1&limit=2", "stage=applied&stage=hired", "job_id=1&job_id=2", "cursor=a&cursor=b", "email=a@b.co&email=c@d.co"]) {
      expectEnvelope(await app.api.get(`/candidates?${query}`), 400, "validation_error");
    }
    expectEnvelope(await app.api.get("/jobs?is_active=true&is_active=false"), 400, "validation_error");
  });

  it("unknown query parameters and odd query values → 4xx", async () => {
    for (const query of ["foo=bar", "limit=1e2", "limit=0x10", "limit=-1", "job_id=0x10", "is_active=1", "created_after=yesterday"]) {
      const res = await app.api.get(`/candidates?${query}`);
      expect(res.status, query).toBeGreaterThanOrEqual(400);
      expect(res.status, query).toBeLessThan(500);
      expect(res.body.error).toBeDefined();
    }
  });
});
