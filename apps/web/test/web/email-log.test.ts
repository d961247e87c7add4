import { randomBytes } from "node:crypto";
import { createUser, queueEmail, systemContext, type UserRole } from "@hireflow/core";
import { createSession, SESSION_COOKIE } from "@hireflow/core/identity/sessions";
import { getPrisma } from "@hireflow/db";
import { runEmailAttempt } from "@hireflow/worker/email/index";
import { simpleParser } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as emlRoute from "@/app/api/email-messages/[id]/eml/route";
import * as trpcRoute from "@/app/api/trpc/[...trpc]/route";
import { createTestCompany, type TestCompany } from "../helpers/fixtures.ts";
import { serve } from "../helpers/server.ts";

/**
 * Settings → E-mail log and Settings → E-mail over HTTP through the real routes: the log lists and
 * pages a company's messages and shows one; the .eml download parses and is the message; another
 * company's message is a 404 everywhere; recruiters get 403; the sender settings apply to what is
 * queued next; inviting by e-mail queues the invitation with its link. (Delivery itself, over a real
 * SMTP server: packages/worker/test/email/delivery.test.ts.)
 */
const PASSWORD = "correct horse battery staple";
type Handler = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;

let app: { url: string; close: () => Promise<void> };
let acme: TestCompany;
let other: TestCompany;
let owner: Session;
let otherOwner: Session;

interface Session {
  cookie: string;
  csrf: string;
}

beforeAll(async () => {
  [acme, other] = await Promise.all([createTestCompany(), createTestCompany()]);
  [owner, otherOwner] = await Promise.all([sessionOf(await member("owner", acme.id)), sessionOf(await member("owner", other.id))]);
  app = await serve(async (req) => {
    const { pathname } = new URL(req.url);
    const eml = /^\/api\/email-messages\/([^/]+)\/eml$/.exec(pathname);
    if (eml) return (emlRoute.GET as Handler)(req, { params: Promise.resolve({ id: decodeURIComponent(eml[1]!) }) });
    if (pathname.startsWith("/api/trpc/")) return (trpcRoute as unknown as Record<string, Handler>)[req.method]!(req, { params: Promise.resolve({}) });
    return new Response("not found", { status: 404 });
  });
});
afterAll(() => app?.close());

function member(role: UserRole, companyId: number) {
  return createUser(getPrisma(), { companyId, email: `${role}-${randomBytes(4).toString("hex")}@example.com`, password: PASSWORD, name: `A ${role}`, role });
}

async function sessionOf(user: { id: string }): Promise<Session> {
  const { token, csrfToken } = await createSession(getPrisma(), user.id);
  return { cookie: `${SESSION_COOKIE}=${token}`, csrf: csrfToken };
}

/** A tRPC call over HTTP; resolves to the status and the parsed body. */
async function trpc(procedure: string, input: unknown, session: Session, mutation = false) {
  const res = mutation
    ? await fetch(`${app.url}/api/trpc/${procedure}`, { method: "POST", headers: { cookie: session.cookie, "x-csrf-token": session.csrf, "content-type": "application/json" }, body: JSON.stringify(input) })
    : await fetch(`${app.url}/api/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(input))}`, { headers: { cookie: session.cookie } });
  const body = await res.json();
  return { status: res.status, data: body.result?.data, error: body.error?.data?.error };
}

async function queued(company: TestCompany, subject: string, extra: { html?: string } = {}) {
  const svc = systemContext(getPrisma(), company.id);
  return svc.db.$transaction((tx) =>
    queueEmail(tx, svc, {
      to: "Sam Sample <sam@example.com>",
      subject,
      text: `Text of ${subject}`,
      html: extra.html ?? `<p>HTML of ${subject}</p>`,
      attachments: [{ filename: "note.txt", contentType: "text/plain", content: "attached" }],
    }),
  );
}

const eml = (id: number | string, session?: Session) => fetch(`${app.url}/api/email-messages/${id}/eml`, { headers: session ? { cookie: session.cookie } : {} });

describe("the e-mail log", () => {
  it("lists the company's messages newest first, page by page, and shows one with headers, bodies and attachments", async () => {
    const first = await queued(acme, "First message");
    const second = await queued(acme, "Second message");
    const mine = await trpc("emailLog.list", { limit: 1 }, owner);
    expect(mine.status).toBe(200);
    expect(mine.data.data.map((m: { id: number }) => m.id)).toEqual([second.id]);
    expect(mine.data.data[0]).toMatchObject({ to: ["Sam Sample <sam@example.com>"], subject: "Second message", status: "queued", attempts: 0 });
    const next = await trpc("emailLog.list", { limit: 1, cursor: mine.data.pagination.next_cursor }, owner);
    expect(next.data.data.map((m: { id: number }) => m.id)).toEqual([first.id]);

    const shown = await trpc("emailLog.get", { id: second.id }, owner);
    expect(shown.data.data).toMatchObject({
      id: second.id,
      from: '"Hireflow" <no-reply@localhost>',
      reply_to: null,
      message_id: second.messageId,
      subject: "Second message",
      text: "Text of Second message",
      html: "<p>HTML of Second message</p>",
      attachments: [{ filename: "note.txt", content_type: "text/plain", size_bytes: 8 }],
      last_error: null,
    });
  });

  it("downloads a message as .eml that parses to the same message, kept or failed alike", async () => {
    const { id, messageId } = await queued(acme, "Download me", { html: '<p style="color:red">Styled</p>' });
    // Without SMTP_URL the delivery job keeps it in the log (`stored`).
    delete process.env.SMTP_URL;
    expect(await runEmailAttempt(getPrisma(), acme.id, id, 0, null)).toEqual({ outcome: "stored" });
    expect((await trpc("emailLog.get", { id }, owner)).data.data.status).toBe("stored");

    const res = await eml(id, owner);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("message/rfc822");
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="email-${id}.eml"`);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const parsed = await simpleParser(Buffer.from(await res.arrayBuffer()));
    expect(parsed.messageId).toBe(messageId);
    expect(parsed.subject).toBe("Download me");
    expect(parsed.text).toBe("Text of Download me");
    expect(parsed.html).toContain('<p style="color:red">Styled</p>');
    expect(parsed.attachments.map((a) => [a.filename, a.content.toString()])).toEqual([["note.txt", "attached"]]);
  });

  it("answers 404 for another company's message — the list, the detail and the .eml — and changes nothing", async () => {
    const theirs = await queued(other, "Other company's secret");
    const before = await getPrisma().emailMessage.findUniqueOrThrow({ where: { id: theirs.id } });
    const get = await trpc("emailLog.get", { id: theirs.id }, owner);
    expect([get.status, get.error?.code]).toEqual([404, "not_found"]);
    const download = await eml(theirs.id, owner);
    expect(download.status).toBe(404);
    expect((await download.json()).error.code).toBe("not_found");
    const list = await trpc("emailLog.list", { limit: 100 }, owner);
    expect(JSON.stringify(list.data)).not.toContain("Other company's secret");
    // Its own company sees it.
    expect((await trpc("emailLog.get", { id: theirs.id }, otherOwner)).status).toBe(200);
    expect((await eml(theirs.id, otherOwner)).status).toBe(200);
    expect(await getPrisma().emailMessage.findUniqueOrThrow({ where: { id: theirs.id } })).toEqual(before);
  });

  it("is for owners and admins: a recruiter gets 403, a visitor 401, an id that is no id 404", async () => {
    const { id } = await queued(acme, "Admins only");
    const admin = await sessionOf(await member("admin", acme.id));
    const recruiter = await sessionOf(await member("recruiter", acme.id));
    expect((await trpc("emailLog.get", { id }, admin)).status).toBe(200);
    expect((await eml(id, admin)).status).toBe(200);
    for (const call of [trpc("emailLog.list", {}, recruiter), trpc("emailLog.get", { id }, recruiter), trpc("emailSettings.get", {}, recruiter)]) {
      const res = await call;
      expect([res.status, res.error?.code]).toEqual([403, "forbidden"]);
    }
    const refused = await eml(id, recruiter);
    expect([refused.status, (await refused.json()).error.code]).toEqual([403, "forbidden"]);
    expect((await eml(id)).status).toBe(401);
    for (const bad of ["0", "abc", "1e3", "99999999999"]) expect((await eml(bad, owner)).status, bad).toBe(404);
  });
});

describe("Settings → E-mail", () => {
  it("sets the sender and reply-to for messages queued from then on, falls back to MAIL_FROM when cleared, and validates", async () => {
    const co = await createTestCompany();
    const session = await sessionOf(await member("owner", co.id));
    const initial = await trpc("emailSettings.get", {}, session);
    expect(initial.data).toMatchObject({ from_name: null, from_address: null, reply_to: null, effective: { from: '"Hireflow" <no-reply@localhost>', reply_to: null }, delivery: "log_only" });

    const saved = await trpc("emailSettings.update", { from_name: "Acme Talent", from_address: "Talent@Acme.example", reply_to: "jobs@acme.example" }, session, true);
    expect(saved.status).toBe(200);
    expect(saved.data.effective).toEqual({ from: '"Acme Talent" <talent@acme.example>', reply_to: "jobs@acme.example" });
    const { id } = await queued(co, "With the new sender");
    expect((await trpc("emailLog.get", { id }, session)).data.data).toMatchObject({ from: '"Acme Talent" <talent@acme.example>', reply_to: "jobs@acme.example" });

    const bad = await trpc("emailSettings.update", { from_address: "not an address", from_name: 'Evil" <x@y>' }, session, true);
    expect(bad.status).toBe(400);
    expect(bad.error.details.map((d: { field: string }) => d.field).sort()).toEqual(["from_address", "from_name"]);

    const cleared = await trpc("emailSettings.update", { from_name: null, from_address: "", reply_to: null }, session, true);
    expect(cleared.status).toBe(400);
    const reset = await trpc("emailSettings.update", { from_name: null, from_address: null, reply_to: null }, session, true);
    expect(reset.data.effective).toEqual({ from: '"Hireflow" <no-reply@localhost>', reply_to: null });
  });
});

describe("the candidate e-mail templates (Settings → E-mail)", () => {
  it("are read and written with the sender; a bad template is a 400 naming the placeholder; each company has its own", async () => {
    const co = await createTestCompany();
    const session = await sessionOf(await member("admin", co.id));
    const initial = (await trpc("emailSettings.get", {}, session)).data;
    expect(initial.application_received).toMatchObject({ enabled: true, send_for_api: false, is_default: true });
    expect(initial.rejection).toMatchObject({ is_default: true, delay_minutes: 60 });
    expect(initial.placeholders.map((p: { name: string }) => p.name)).toEqual(["candidate_name", "candidate_first_name", "job_title", "company_name", "reject_reason", "interview_title", "scheduling_link"]);

    const bad = await trpc("emailSettings.update", { rejection: { body: "Hi {{first_name}}", subject: "x".repeat(201), delay_minutes: 10_081 } }, session, true);
    expect(bad.status).toBe(400);
    expect(bad.error.code).toBe("validation_error");
    const fields = Object.fromEntries(bad.error.details.map((d: { field: string; message: string }) => [d.field, d.message]));
    expect(fields["rejection.body"]).toMatch(/^Uses \{\{first_name\}\}, which Hireflow doesn't know\. Known: \{\{candidate_name\}\}/);
    expect(fields["rejection.subject"]).toContain("at most 200");
    expect(fields["rejection.delay_minutes"]).toBeDefined();

    const saved = await trpc("emailSettings.update", { application_received: { enabled: false, send_for_api: true, body: "Thanks {{candidate_name}}" }, rejection: { delay_minutes: 0 } }, session, true);
    expect(saved.status).toBe(200);
    expect(saved.data.application_received).toMatchObject({ enabled: false, send_for_api: true, body: "Thanks {{candidate_name}}", is_default: false });
    expect(saved.data.rejection.delay_minutes).toBe(0);
    // Another company's owner reads and writes only their own settings.
    const others = (await trpc("emailSettings.get", {}, otherOwner)).data;
    expect(others.application_received).toMatchObject({ enabled: true, is_default: true });
    expect(others.rejection.delay_minutes).toBe(60);
    const recruiter = await sessionOf(await member("recruiter", co.id));
    expect((await trpc("emailSettings.update", { rejection: { delay_minutes: 5 } }, recruiter, true)).status).toBe(403);
  });
});

describe("the invitation e-mail", () => {
  it("inviting by e-mail queues the invitation with its link (text and HTML); a link-only invitation sends none", async () => {
    const co = await createTestCompany();
    const session = await sessionOf(await member("owner", co.id));
    const invited = await trpc("team.invite", { email: "Invitee@Example.com", role: "recruiter" }, session, true);
    expect(invited.status).toBe(200);
    const { token, invitation } = invited.data.data;
    const list = await trpc("emailLog.list", {}, session);
    expect(list.data.data).toHaveLength(1);
    const message = (await trpc("emailLog.get", { id: list.data.data[0].id }, session)).data.data;
    const { name } = await getPrisma().company.findUniqueOrThrow({ where: { id: co.id } });
    const link = `${process.env.APP_BASE_URL}/invite/${token}`;
    expect(message).toMatchObject({ to: ["invitee@example.com"], subject: `Join ${name} on Hireflow`, status: "queued" });
    expect(message.text).toContain(`A owner invited you to join ${name} on Hireflow as a recruiter.`);
    expect(message.text).toContain(link);
    expect(message.text).toContain(invitation.expires_at.slice(0, 16).replace("T", " "));
    expect(message.html).toContain(`<a href="${link}">Accept the invitation</a>`);

    await trpc("team.invite", { role: "admin" }, session, true);
    expect((await trpc("emailLog.list", {}, session)).data.data).toHaveLength(1);
  });
});
