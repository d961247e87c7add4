import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fixture, PDF } from "../helpers/resumes.ts";
import { hostileString } from "./support/fuzz-arbitraries.ts";
import {
  anyMethod,
  type BodyWithType,
  cookieChoice,
  filePart,
  formOf,
  forwardedFor,
  hostileSegment,
  junkBody,
  originChoice,
  type RouteBody,
  taint,
} from "./support/routes-arbitraries.ts";
import { type JobName, RUNS, show, useRoutesWorld } from "./support/routes-world.ts";

/**
 * Property: whatever arrives at the public application form, POST /api/public/jobs/{id}/applications
 * — any body (JSON, multipart, junk), header, job id or method — the answer is below 500, carries a
 * request id, is the error envelope on 4xx (code matching the status), and a request that creates
 * nothing writes nothing: no row of either company changes, no session, no blob. An accepted one
 * writes only into its job's own company; the second company's job sits beside the target's for that.
 *
 * FUZZ_RUNS (default 100) sets the runs per property; the world is support/routes-world.ts.
 */
const world = useRoutesWorld();
const { state, send, checkAnswer, cookieHeader, originHeader } = world;

type JobChoice = { kind: "job"; job: JobName } | { kind: "segment"; value: string };

/** A segment that decodes to an id some other test file's job may have: applying there would write into it. */
function couldNameAnotherJob(segment: string): boolean {
  let decoded: string;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    return false;
  }
  return /^[1-9][0-9]{0,9}$/.test(decoded) && Number(decoded) < 2_147_483_647;
}

const jobChoice: fc.Arbitrary<JobChoice> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom("acme", "questions", "other").map((job): JobChoice => ({ kind: "job", job: job as JobName })) },
  { weight: 1, arbitrary: fc.constantFrom("inactive", "private").map((job): JobChoice => ({ kind: "job", job: job as JobName })) },
  { weight: 2, arbitrary: hostileSegment.filter((s) => !couldNameAnotherJob(s)).map((value): JobChoice => ({ kind: "segment", value })) },
);

const emailArb = fc.oneof(
  { weight: 6, arbitrary: fc.string({ unit: fc.constantFrom(..."abcdef0123456789"), minLength: 12, maxLength: 12 }).map((id) => `applicant-${id}@example.com`) },
  { weight: 1, arbitrary: fc.constantFrom("dup@example.com", "DUP@example.com", " dup@example.com ") },
  { weight: 1, arbitrary: fc.emailAddress() },
);
/** An application the job accepts (answers only where the job asks questions). */
function validApplication(withQuestions: boolean): fc.Arbitrary<Record<string, unknown>> {
  return fc.record(
    {
      name: fc.constantFrom("Ada Lovelace", "  Grace Hopper ", "李小龍", "O'Brien"),
      email: emailArb,
      phone: fc.constantFrom("+44 20 7946 0958", "", "+1 212 555 0143"),
      linkedin: fc.constantFrom("https://www.linkedin.com/in/ada", ""),
      location: fc.constantFrom("Berlin", ""),
      answers: fc.constantFrom<Record<string, unknown>>({ years: "7" }, { years: "7", relocate: "yes", level: "senior" }, { years: "7", relocate: false }),
    },
    { requiredKeys: withQuestions ? ["name", "email", "answers"] : ["name", "email"] },
  ).map((valid) => (withQuestions ? valid : (({ answers: _answers, ...rest }) => rest)(valid)));
}

/** Valid applications, and ones with a field broken, tainted, unknown, or the honeypot filled. */
function applicationJson(withQuestions: boolean): fc.Arbitrary<Record<string, unknown>> {
  const valid = validApplication(withQuestions);
  const wrong = fc.oneof(hostileString, fc.jsonValue({ maxDepth: 3 }), fc.constantFrom<unknown>("12", "javascript:alert(1)", { level: "nope" }, { years: "" }, { unknown: "x" }, "x".repeat(5001)));
  return fc.oneof(
    { weight: 5, arbitrary: valid },
    {
      weight: 3,
      arbitrary: fc
        .tuple(valid, fc.constantFrom("name", "email", "phone", "linkedin", "location", "answers", "website", "unknown", "__proto__"), wrong)
        .map(([v, field, value]) => JSON.parse(JSON.stringify({ ...v, [field]: value })) as Record<string, unknown>),
    },
    { weight: 2, arbitrary: valid.chain((v) => fc.constantFrom("name", "email").chain((field) => taint(String(v[field])).map((text) => ({ ...v, [field]: text })))) },
    { weight: 1, arbitrary: valid.chain((v) => fc.constantFrom<unknown>("https://spam.example", 1, { a: 1 }, " ").map((website) => ({ ...v, website }))) },
  );
}

const APPLICATION_FIELDS = ["name", "email", "phone", "linkedin", "location", "website", "resume", "answers[years]", "answers.level", "answers[relocate]", "answers", "answers[]"];
const resumePart = fc.constantFrom(
  { bytes: fixture("priya-raman.pdf"), filename: "cv.pdf", type: PDF },
  { bytes: new TextEncoder().encode("%PDF-1.7\n%junk"), filename: "junk.pdf", type: PDF },
  { bytes: new Uint8Array(0), filename: "", type: "application/octet-stream" },
);
/** The careers form as multipart: a valid one (with or without a resume) plus odd parts, or anything. */
function applicationForm(withQuestions: boolean): fc.Arbitrary<RouteBody> {
  return fc.oneof(
    {
      weight: 3,
      arbitrary: fc
        .tuple(validApplication(withQuestions), fc.option(fc.oneof(resumePart, filePart)), fc.array(fc.tuple(fc.constantFrom(...APPLICATION_FIELDS), fc.oneof(hostileString, filePart)), { maxLength: 2 }))
        .map(([valid, resume, extra]): RouteBody => {
          const entries: [string, string | { bytes: Uint8Array; filename: string; type: string }][] = [
            ["name", String(valid.name)],
            ["email", String(valid.email)],
            ...Object.entries((valid.answers as Record<string, unknown> | undefined) ?? {}).map(([id, v]): [string, string] => [`answers[${id}]`, String(v)]),
          ];
          if (resume) entries.push(["resume", resume]);
          return { kind: "form", entries: [...entries, ...extra] };
        }),
    },
    { weight: 2, arbitrary: formOf(APPLICATION_FIELDS) },
  );
}

function applicationBody(withQuestions: boolean): fc.Arbitrary<BodyWithType> {
  return fc.oneof(
    {
      weight: 6,
      arbitrary: fc.record({
        body: applicationJson(withQuestions).map((o): RouteBody => ({ kind: "text", text: JSON.stringify(o) })),
        contentType: fc.oneof({ weight: 6, arbitrary: fc.constantFrom<string | null>("application/json", "application/json; charset=utf-8", "APPLICATION/JSON") }, { weight: 1, arbitrary: fc.constantFrom<string | null>("text/plain", null) }),
      }),
    },
    { weight: 4, arbitrary: fc.record({ body: applicationForm(withQuestions), contentType: fc.constant<string | null>(null) }) },
    { weight: 3, arbitrary: junkBody },
  );
}

/** The honeypot: a filled `website` makes any accepted application a silent no-op. */
function honeypotFilled(body: BodyWithType): boolean {
  const filled = (v: unknown) => v !== undefined && v !== null && !(typeof v === "string" && v.trim() === "");
  if (body.body.kind === "form") return body.body.entries.some(([name, value]) => name === "website" && typeof value === "string" && filled(value));
  if (body.body.kind !== "text") return false;
  try {
    const parsed = JSON.parse(body.body.text) as unknown;
    return parsed !== null && typeof parsed === "object" && filled((parsed as Record<string, unknown>).website);
  } catch {
    return false;
  }
}

describe("POST /api/public/jobs/{id}/applications", () => {
  it("never 5xx, always the envelope, writes only into the job's own company and only when accepted", async () => {
    const request = jobChoice.chain((job) =>
      fc.record({
        method: fc.oneof({ weight: 9, arbitrary: fc.constant("POST") }, { weight: 1, arbitrary: anyMethod }),
        job: fc.constant(job),
        body: applicationBody(job.kind === "job" && job.job === "questions"),
        xff: forwardedFor,
        origin: originChoice,
        cookie: cookieChoice,
      }),
    );
    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        const segment = r.job.kind === "job" ? String(world.jobs[r.job.job]) : r.job.value;
        const path = `/api/public/jobs/${segment}/applications`;
        const before = await state();
        const res = await send(r.method, path, { "x-forwarded-for": r.xff, origin: originHeader(r.origin), cookie: cookieHeader(r.cookie, undefined) }, r.body);
        const context = `${r.method} ${path.slice(0, 300)} ${show(r)} → ${res.status} ${res.text.slice(0, 300)}`;
        checkAnswer("applications", r.method, ["POST"], res, context);
        const after = await state();
        if (res.status !== 201 || honeypotFilled(r.body)) {
          expect(after, `${context}: a request that created nothing wrote`).toEqual(before);
          return;
        }
        expect(JSON.parse(res.text), context).toEqual({ data: { status: "received" } });
        // Accepted: only ever for an open job, and only the job's own company may change.
        expect(r.job.kind === "job" && ["acme", "questions", "other"].includes(r.job.job), `${context}: accepted for a job that takes no applications`).toBe(true);
        const owner = r.job.kind === "job" && r.job.job === "other" ? world.other : world.acme;
        const bystander = owner === world.acme ? world.other : world.acme;
        expect(after.rows[bystander.id], `${context}: wrote into the other company`).toEqual(before.rows[bystander.id]);
        expect(after.sessions, context).toEqual(before.sessions);
      }),
      { numRuns: RUNS, endOnFailure: true },
    );
  });
});
