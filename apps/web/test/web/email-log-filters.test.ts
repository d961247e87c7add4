import { randomBytes } from "node:crypto";
import { createCandidate, createUser, queueEmail, systemContext, type OutgoingEmail, type UserRole } from "@hireflow/core";
import { createSession, SESSION_COOKIE } from "@hireflow/core/identity/sessions";
import { getPrisma } from "@hireflow/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as attachmentRoute from "@/app/api/email-messages/[id]/attachments/[index]/route";
import * as trpcRoute from "@/app/api/trpc/[...trpc]/route";
import { createTestCompany, type TestCompany } from "../helpers/fixtures.ts";
import { serve } from "../helpers/server.ts";

/**
 * Settings → E-mail log (#43 §17) over HTTP through the real routes: filtered by kind (a candidate
 * e-mail's, or what the others carry), by a part of a recipient and by words of the subject or text,
 * each page by the cursor; an interview invitation's .ics downloads on its own, for owners and admins
 * of its company only.
 */
type Handler = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;
interface Session {
  cookie: string;
  csrf: string;
}

let app: { url: string; close: () => Promise<void> };
let acme: TestCompany;
let other: TestCompany;
let owner: Session;
let candidateId: number;
const ids: Record<string, number> = {};
const ICS = "BEGIN:VCALENDAR\r\nMETHOD:REQUEST\r\nEND:VCALENDAR\r\n";

async function sessionAs(role: UserRole, companyId: number): Promise<Session> {
  const user = await createUser(getPrisma(), { companyId, email: `${role}-${randomBytes(4).toString("hex")}@example.com`, password: "correct horse battery staple", role });
  const { token, csrfToken } = await createSession(getPrisma(), user.id);
  return { cookie: `${SESSION_COOKIE}=${token}`, csrf: csrfToken };
}

async function queued(company: TestCompany, message: OutgoingEmail) {
  const svc = systemContext(getPrisma(), company.id);
  return (await svc.db.$transaction((tx) => queueEmail(tx, svc, message))).id;
}

beforeAll(async () => {
  [acme, other] = await Promise.all([createTestCompany(), createTestCompany()]);
  owner = await sessionAs("owner", acme.id);
  candidateId = (await createCandidate(systemContext(getPrisma(), acme.id), { job_id: acme.jobId, name: "Robin Candidate", email: "robin@example.com" }, { source: "public_api" })).id;
  const text = (t: string) => ({ text: t, subject: t });
  ids.member = await queued(acme, { to: "new.member@example.com", ...text("You are invited to join Acme") });
  ids.interview = await queued(acme, {
    to: '"Robin Candidate" <robin@example.com>',
    ...text("Interview: Technical 100% on_site"),
    candidateId,
    attachments: [{ filename: "invite.ics", contentType: "text/calendar; charset=utf-8; method=REQUEST", content: ICS }],
  });
  ids.offer = await queued(acme, { to: "robin@example.com", ...text("Your offer"), candidateId, attachments: [{ filename: "Offer - Engineer.pdf", contentType: "application/pdf", content: "%PDF-1.4" }] });
  ids.rejection = await queued(acme, { to: "robin@example.com", subject: "Your application", text: "We decided not to go further", candidateId, kind: "rejection" });
  app = await serve(async (req) => {
    const { pathname } = new URL(req.url);
    const attachment = /^\/api\/email-messages\/([^/]+)\/attachments\/([^/]+)$/.exec(pathname);
    if (attachment) return (attachmentRoute.GET as Handler)(req, { params: Promise.resolve({ id: decodeURIComponent(attachment[1]!), index: decodeURIComponent(attachment[2]!) }) });
    if (pathname.startsWith("/api/trpc/")) return (trpcRoute as unknown as Record<string, Handler>)[req.method]!(req, { params: Promise.resolve({}) });
    return new Response("not found", { status: 404 });
  });
});
afterAll(() => app?.close());

async function list(input: Record<string, unknown>, session = owner) {
  const res = await fetch(`${app.url}/api/trpc/emailLog.list?input=${encodeURIComponent(JSON.stringify(input))}`, { headers: { cookie: session.cookie } });
  const body = await res.json();
  return { status: res.status, data: body.result?.data, error: body.error?.data?.error };
}
const listed = async (input: Record<string, unknown>) => ((await list({ limit: 100, ...input })).data.data as { id: number }[]).map((m) => m.id);
const attachment = (id: number | string, index: number | string, session?: Session) =>
  fetch(`${app.url}/api/email-messages/${id}/attachments/${index}`, { headers: session ? { cookie: session.cookie } : {} });

describe("the e-mail log's filters", () => {
  it("say what each e-mail is and where its .ics is", async () => {
    const rows = new Map(((await list({ limit: 100 })).data.data as { id: number; log_kind: string; calendar_attachment: number | null }[]).map((m) => [m.id, m]));
    expect(rows.get(ids.member!)).toMatchObject({ log_kind: "member_invitation", calendar_attachment: null });
    expect(rows.get(ids.interview!)).toMatchObject({ log_kind: "interview_invitation", calendar_attachment: 0 });
    expect(rows.get(ids.offer!)).toMatchObject({ log_kind: "offer", calendar_attachment: null });
    expect(rows.get(ids.rejection!)).toMatchObject({ log_kind: "rejection", calendar_attachment: null });
  });

  it("filter by kind, by a part of a recipient (any case) and by words of the subject or text (% and _ as themselves)", async () => {
    expect(await listed({ kind: "interview_invitation" })).toEqual([ids.interview]);
    expect(await listed({ kind: "member_invitation" })).toEqual([ids.member]);
    expect(await listed({ kind: "offer" })).toEqual([ids.offer]);
    expect(await listed({ kind: "rejection" })).toEqual([ids.rejection]);
    expect(await listed({ kind: "scheduling_link" })).toEqual([]);
    expect(await listed({ to: "ROBIN@" })).toEqual([ids.rejection, ids.offer, ids.interview]);
    expect(await listed({ to: "Robin Candidate" })).toEqual([ids.interview]);
    expect(await listed({ q: "not to go further" })).toEqual([ids.rejection]);
    expect(await listed({ q: "100%" })).toEqual([ids.interview]);
    expect(await listed({ q: "_" })).toEqual([ids.interview]);
    expect(await listed({ kind: "offer", to: "robin", q: "offer" })).toEqual([ids.offer]);
    expect(await listed({ to: "nobody-at-all" })).toEqual([]);
  });

  it("page through a filtered list with its cursor; another company's messages never match", async () => {
    const first = await list({ to: "robin", limit: 2 });
    expect(first.data.data.map((m: { id: number }) => m.id)).toEqual([ids.rejection, ids.offer]);
    const next = await list({ to: "robin", limit: 2, cursor: first.data.pagination.next_cursor });
    expect(next.data.data.map((m: { id: number }) => m.id)).toEqual([ids.interview]);
    expect(next.data.pagination.has_more).toBe(false);
    await queued(other, { to: "robin@example.com", subject: "Their e-mail", text: "x" });
    expect(await listed({ q: "Their e-mail" })).toEqual([]);
    expect((await list({ to: "x\u0000y" })).status).toBe(400);
  });
});

describe("an attachment on its own", () => {
  it("downloads the invitation's .ics as a calendar file, never cached", async () => {
    const res = await attachment(ids.interview!, 0, owner);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/calendar; charset=utf-8; method=REQUEST");
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="invite.ics"; filename*=UTF-8''invite.ics`);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(await res.text()).toBe(ICS);
  });

  it("is 404 past the last attachment and for another company's message, 403 for a recruiter, 401 without a session", async () => {
    expect((await attachment(ids.interview!, 1, owner)).status).toBe(404);
    expect((await attachment(ids.interview!, "x", owner)).status).toBe(404);
    expect((await attachment(ids.member!, 0, owner)).status).toBe(404);
    const theirs = await queued(other, { to: "a@example.com", subject: "s", text: "t", attachments: [{ filename: "x.ics", contentType: "text/calendar", content: ICS }] });
    expect((await attachment(theirs, 0, owner)).status).toBe(404);
    const recruiter = await sessionAs("recruiter", acme.id);
    expect((await attachment(ids.interview!, 0, recruiter)).status).toBe(403);
    expect((await attachment(ids.interview!, 0)).status).toBe(401);
    expect((await attachment(ids.interview!, 0, await sessionAs("admin", acme.id))).status).toBe(200);
  });
});
