import { randomBytes } from "node:crypto";
import { createUser, procedureMetas } from "@hireflow/core";
import { createSession, SESSION_COOKIE } from "@hireflow/core/identity/sessions";
import { getPrisma } from "@hireflow/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as trpcRoute from "@/app/api/trpc/[...trpc]/route";
import { createTestCompany, type TestCompany } from "../helpers/fixtures.ts";
import { serve } from "../helpers/server.ts";
import { call, checkResponse, errorCode } from "../hardening/support/trpc-client.ts";
import { procedures, validInput } from "../hardening/support/trpc-procedures.ts";
import { referenceHint, seedTrpcResources, type Session, type TrpcResources, trpcSnapshot } from "../hardening/support/trpc-resources.ts";

/**
 * The role interviewer (issue 26 §3) over /api/trpc with a real session: the procedures open to it
 * are pinned (meta.interviewer); every other procedure is refused with 403 and writes nothing — a
 * sweep generated from appRouter, so a new procedure is refused until it is marked — and the open
 * ones answer for the candidate the interviewer is on a panel of and 404 for any other candidate of
 * the company, as for another company's.
 */
let app: { url: string; close: () => Promise<void> };
let company: TestCompany;
let interviewer: { id: string; session: Session };
let mine: TrpcResources;
let others: TrpcResources;
const unique = () => randomBytes(4).toString("hex");

/** Every procedure an interviewer may call, by name. A new one must be marked and listed here. */
const INTERVIEWER_PROCEDURES = [
  // Their own availability only (a 403 for another member's: packages/core/test/scheduling/booking-flow.test.ts).
  "availability.get",
  "availability.put",
  "candidates.get",
  "connectedApps.list",
  "connectedApps.revoke",
  "offers.myApprovalsCount",
  "pipeline.candidate",
  "pipeline.candidateBrief",
  "scorecards.dueCount",
  "scorecards.forms",
  "scorecards.get",
  "scorecards.listForCandidate",
  "scorecards.myInterviews",
  "scorecards.submit",
];
const PUBLIC = new Set(["careers.page", "careers.job"]);
const NOT_FOR_SESSIONS = new Set(["me.get"]);

const procs = procedures();
const byPath = new Map(procs.map((p) => [p.path, p]));
const openPaths = procedureMetas.filter(({ meta }) => meta.interviewer && meta.interviewer !== "hidden").map(({ path }) => path).sort();
/** Procedures about what an interviewer never sees (offers and salaries): not found for them, not forbidden. */
const hiddenPaths = procedureMetas.filter(({ meta }) => meta.interviewer === "hidden").map(({ path }) => path).sort();

beforeAll(async () => {
  company = await createTestCompany();
  app = await serve(async (req) => {
    if (new URL(req.url).pathname.startsWith("/api/trpc/")) return (req.method === "GET" ? trpcRoute.GET : trpcRoute.POST)(req);
    return new Response("not found", { status: 404 });
  });
  // Seeded before the interviewer exists: the seed puts the company's members on its panel.
  mine = await seedTrpcResources(company, `Mine${unique()}`);
  others = await seedTrpcResources(company, `Other${unique()}`);
  const user = await createUser(getPrisma(), { companyId: company.id, email: `interviewer-${unique()}@example.com`, password: "correct horse battery staple", name: "Interviewer", role: "interviewer" });
  const { token, csrfToken } = await createSession(getPrisma(), user.id);
  interviewer = { id: user.id, session: { cookie: `${SESSION_COOKIE}=${token}`, csrf: csrfToken } };
  // On the panel of `mine`'s interview only.
  await getPrisma().interviewInterviewer.create({ data: { interviewId: mine.interview, userId: user.id, companyId: company.id } });
});
afterAll(() => app?.close());

/** The input naming `resources`; a scorecard submission rates nothing (the kit's attributes are the seed's). */
function inputFor(path: string, resources: TrpcResources) {
  const proc = byPath.get(path)!;
  if (path === "scorecards.submit") return { id: String(resources.interview), ratings: [], recommendation: "yes", notes: "interviewer notes" };
  return validInput(proc, referenceHint(proc, resources), { skip: ["cursor"] });
}

describe("the interviewer role", () => {
  it("may call exactly the pinned procedures (meta.interviewer)", () => {
    expect(openPaths).toEqual([...INTERVIEWER_PROCEDURES].sort());
  });

  const refused = procs.filter((p) => !openPaths.includes(p.path) && !hiddenPaths.includes(p.path) && !PUBLIC.has(p.path) && !NOT_FOR_SESSIONS.has(p.path));

  it("never sees offers: every offer procedure is there and answers 404", () => {
    expect(hiddenPaths).toEqual(expect.arrayContaining(["offers.create", "offers.get", "offers.list", "offers.myApprovals", "offers.send"]));
  });

  it.each(hiddenPaths.map((path) => [path] as const))("%s is not found (404), as if offers did not exist, and writes nothing", async (path) => {
    const proc = byPath.get(path)!;
    const input = inputFor(path, mine);
    const before = await trpcSnapshot(company.id);
    const res = await call(app.url, proc, input, interviewer.session);
    const context = `${path}(${JSON.stringify(input)}) → ${res.status} ${res.text.slice(0, 300)}`;
    checkResponse(res, context, proc.type === "query" ? "GET" : "POST");
    expect([res.status, errorCode(res)], context).toEqual([404, "not_found"]);
    expect(res.text, context).not.toContain("85000");
    expect(await trpcSnapshot(company.id), `${path} wrote for an interviewer`).toEqual(before);
  });
  it.each(refused.map((p) => [p.path] as const))("%s is refused with 403 and writes nothing", async (path) => {
    const proc = byPath.get(path)!;
    const input = inputFor(path, mine);
    const before = await trpcSnapshot(company.id);
    const res = await call(app.url, proc, input, interviewer.session);
    const context = `${path}(${JSON.stringify(input)}) → ${res.status} ${res.text.slice(0, 300)}`;
    checkResponse(res, context, proc.type === "query" ? "GET" : "POST");
    expect([res.status, errorCode(res)], context).toEqual([403, "forbidden"]);
    expect(await trpcSnapshot(company.id), `${path} wrote for an interviewer`).toEqual(before);
  });

  // Submitting first: the scorecard of the seeded panel member (a recruiter) is visible once the interviewer's own is in.
  it.each(["scorecards.submit", ...INTERVIEWER_PROCEDURES.filter((path) => path !== "scorecards.submit")].map((path) => [path] as const))(
    "%s answers for the candidate they interview and 404 for another candidate of the company, writing nothing",
    async (path) => {
      const proc = byPath.get(path)!;
      if (path === "connectedApps.revoke") {
        // Only their own grants: the seeded apps act as another member, so both are not found, and stay.
        for (const resources of [mine, others]) {
          const before = await trpcSnapshot(company.id);
          const res = await call(app.url, proc, inputFor(path, resources), interviewer.session);
          expect([res.status, errorCode(res)], `${path} → ${res.text.slice(0, 300)}`).toEqual([404, "not_found"]);
          expect(await trpcSnapshot(company.id), `${path} wrote for an interviewer`).toEqual(before);
        }
        expect(await getPrisma().oAuthGrant.count({ where: { companyId: company.id, revokedAt: { not: null } } })).toBe(0);
        return;
      }
      if (path === "availability.get" || path === "availability.put") {
        // Their own availability only: theirs answers, another member's (the seeded panel member) is a 403.
        const theirs = await call(app.url, proc, { ...(inputFor(path, mine) as object), id: interviewer.id }, interviewer.session);
        expect(theirs.status, `${path} on their own → ${theirs.text.slice(0, 300)}`).toBe(200);
        const before = await trpcSnapshot(company.id);
        const res = await call(app.url, proc, inputFor(path, mine), interviewer.session);
        expect([res.status, errorCode(res)], `${path} on another member's → ${res.text.slice(0, 300)}`).toEqual([403, "forbidden"]);
        expect(await trpcSnapshot(company.id), `${path} wrote for an interviewer`).toEqual(before);
        return;
      }
      const own = await call(app.url, proc, inputFor(path, mine), interviewer.session);
      expect(own.status, `${path} on their candidate → ${own.status} ${own.text.slice(0, 300)}`).toBe(200);
      const input = inputFor(path, others);
      const before = await trpcSnapshot(company.id);
      const res = await call(app.url, proc, input, interviewer.session);
      const context = `${path}(${JSON.stringify(input)}) → ${res.status} ${res.text.slice(0, 300)}`;
      if (path === "connectedApps.list") {
        // Their own apps only: none, though the company has some.
        expect(res.status, context).toBe(200);
        expect(res.json.result.data.data, context).toEqual([]);
      } else if (path === "scorecards.myInterviews" || path === "scorecards.dueCount" || path === "offers.myApprovalsCount") {
        // No id: the answer is theirs alone, and names nothing of the other candidate.
        expect(res.status, context).toBe(200);
        // (Ids are per-table sequences: compare the candidates' ids, not any id in the text.)
        const listed = path === "scorecards.myInterviews" ? [...res.json.result.data.upcoming, ...res.json.result.data.scorecards_due].map((i: { candidate: { id: number } }) => i.candidate.id) : [];
        expect(listed, context).not.toContain(others.candidate);
        expect(res.text, context).not.toContain("Other");
      } else {
        expect([res.status, errorCode(res)], context).toEqual([404, "not_found"]);
      }
      expect(await trpcSnapshot(company.id), `${path} wrote for an interviewer`).toEqual(before);
    },
  );

  it("sees the others' scorecards only after submitting, and their upcoming interview in My interviews", async () => {
    const user = await createUser(getPrisma(), { companyId: company.id, email: `fresh-${unique()}@example.com`, password: "correct horse battery staple", name: "Fresh", role: "interviewer" });
    // Seeded after this member exists: the seed puts them on the panel.
    const fresh = await seedTrpcResources(company, `Fresh${unique()}`);
    const { token, csrfToken } = await createSession(getPrisma(), user.id);
    const session = { cookie: `${SESSION_COOKIE}=${token}`, csrf: csrfToken };
    const list = byPath.get("scorecards.listForCandidate")!;
    const before = await call(app.url, list, { id: String(fresh.candidate) }, session);
    expect(before.json.result.data.data).toMatchObject({ scorecards: [], hidden_count: 1 });
    const my = await call(app.url, byPath.get("scorecards.myInterviews")!, undefined, session);
    expect(my.json.result.data.upcoming.map((i: { id: number }) => i.id)).toEqual([fresh.interview]);
    expect((await call(app.url, byPath.get("scorecards.submit")!, inputFor("scorecards.submit", fresh), session)).status).toBe(200);
    const after = await call(app.url, list, { id: String(fresh.candidate) }, session);
    expect(after.json.result.data.data.scorecards).toHaveLength(2);
    expect(after.json.result.data.data.hidden_count).toBe(0);
  });
});
