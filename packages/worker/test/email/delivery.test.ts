import { randomBytes } from "node:crypto";
import { composableEmail, createCompany, inviteMember, queueEmail, systemContext, updateEmailSettings, type ServiceContext } from "@hireflow/core";
import { getPrisma } from "@hireflow/db";
import { useIsolatedDatabase } from "@hireflow/db/testing/isolated";
import { simpleParser } from "mailparser";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { composeEmail, sendEmailJob, sweepOverdueEmails } from "../../src/email/index.ts";
import { type OutboxPublisher, startOutboxPublisher } from "../../src/outbox/publisher.ts";
import { getLocalRunner, registerJobs, shutdownLocalRunner } from "../../src/runtime/index.ts";
import { type Refusal, type SmtpTestServer, startSmtpServer } from "./smtp.ts";
import { markPublished } from "@hireflow/db/testing/outbox";

/**
 * E-mail delivery end to end: queueEmail in a transaction → the outbox → the delivery job on the
 * local runner → a real SMTP server (smtp-server) on 127.0.0.1, the received message parsed with
 * mailparser. Without SMTP_URL the message is kept (`stored`); a server that refuses is retried or
 * not as its answer says, and the answer is recorded; a crash loses nothing. Fast retries: 50 and
 * 100 ms (three attempts).
 */
useIsolatedDatabase();
process.env.EMAIL_RETRY_SCHEDULE_MS = "50,100";
process.env.SMTP_TIMEOUT_MS = "2000";

let publisher: OutboxPublisher;
const servers: SmtpTestServer[] = [];

beforeAll(() => {
  registerJobs([sendEmailJob]);
  publisher = startOutboxPublisher();
});
afterEach(() => {
  delete process.env.SMTP_URL;
});
afterAll(async () => {
  await publisher.stop();
  await shutdownLocalRunner();
  await Promise.all(servers.map((s) => s.close()));
});

/** The company's events taken off the queue, as history the publisher already sent on. */
async function markCompanyEventsPublished(companyId: number) {
  await markPublished((await getPrisma().event.findMany({ where: { companyId }, select: { id: true } })).map((e) => e.id));
}

async function smtp(plan?: (n: number) => Refusal | null) {
  const server = await startSmtpServer(plan);
  servers.push(server);
  process.env.SMTP_URL = server.url;
  return server;
}

/** Publishes what is committed and waits until every run it started (retries included) is over. */
async function settle() {
  await publisher.flush();
  await getLocalRunner().idle();
}

async function company(): Promise<ServiceContext> {
  const created = await createCompany(getPrisma(), { name: `Mail ${randomBytes(4).toString("hex")}` });
  return systemContext(getPrisma(), created.id);
}

const ICS = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Hireflow//Test//EN\r\nBEGIN:VEVENT\r\nUID:test-1@hireflow\r\nSUMMARY:Interview\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n";

async function queue(svc: ServiceContext, overrides: Partial<Parameters<typeof queueEmail>[2]> = {}) {
  return svc.db.$transaction((tx) =>
    queueEmail(tx, svc, {
      to: ["Robin Candidate <robin@example.com>", "panel@example.com"],
      subject: "Your interview — Grüße",
      text: "Hello Robin,\n\nsee you on Monday.\n.\nA line with a lone dot above.",
      html: '<p style="color: #333">Hello <strong>Robin</strong>, see you on Monday.</p>',
      attachments: [{ filename: "invite.ics", contentType: "text/calendar; method=REQUEST", content: ICS }],
      ...overrides,
    }),
  );
}

const row = (id: number) => getPrisma().emailMessage.findUniqueOrThrow({ where: { id } });

describe("delivery through SMTP_URL", () => {
  it("delivers the message with the company's sender, reply-to, both bodies and the attachment — the stored message's exact bytes", async () => {
    const server = await smtp();
    const svc = await company();
    await updateEmailSettings(svc, { from_name: "Acme, Talent Team", from_address: "talent@acme.example", reply_to: "recruiting@acme.example" });
    const { id, messageId } = await queue(svc);
    expect((await row(id)).status).toBe("queued");
    await settle();

    const sent = await row(id);
    expect(sent).toMatchObject({ status: "sent", attempts: 1, lastError: null, nextAttemptAt: null });
    expect(sent.sentAt).toBeInstanceOf(Date);
    expect(server.received).toHaveLength(1);
    const [mail] = server.received;
    expect(mail!.from).toBe("talent@acme.example");
    expect(mail!.to).toEqual(["robin@example.com", "panel@example.com"]);

    const parsed = await simpleParser(mail!.raw);
    expect(parsed.from?.value).toEqual([{ name: "Acme, Talent Team", address: "talent@acme.example" }]);
    expect((Array.isArray(parsed.to) ? parsed.to : [parsed.to!]).flatMap((t) => t.value)).toEqual([
      { name: "Robin Candidate", address: "robin@example.com" },
      { name: "", address: "panel@example.com" },
    ]);
    expect(parsed.replyTo?.value).toEqual([{ name: "", address: "recruiting@acme.example" }]);
    expect(parsed.subject).toBe("Your interview — Grüße");
    expect(parsed.messageId).toBe(messageId);
    expect(messageId).toMatch(/^<[0-9a-f-]{36}@acme\.example>$/);
    expect(parsed.date?.toISOString()).toBe(new Date(Math.floor(sent.createdAt.getTime() / 1000) * 1000).toISOString());
    expect(parsed.text).toBe("Hello Robin,\n\nsee you on Monday.\n.\nA line with a lone dot above.");
    expect(parsed.html).toContain('<p style="color: #333">Hello <strong>Robin</strong>, see you on Monday.</p>');
    expect(parsed.attachments).toHaveLength(1);
    expect(parsed.attachments[0]).toMatchObject({ filename: "invite.ics", contentType: "text/calendar" });
    expect(parsed.attachments[0]!.content.toString("utf8")).toBe(ICS);

    // The .eml of the log is the same composition of the same row: the very bytes the server got.
    const eml = await composeEmail(composableEmail(sent));
    expect(eml.toString("utf8")).toBe(mail!.raw.toString("utf8"));
  });

  it("retries a 4xx answer and sends on the next attempt", async () => {
    const server = await smtp((n) => (n === 1 ? { at: "DATA", code: 451, message: "4.3.0 Try again later" } : null));
    const { id } = await queue(await company());
    await settle();
    expect(await row(id)).toMatchObject({ status: "sent", attempts: 2, lastError: null });
    expect(server.transactions()).toBe(2);
    expect(server.received).toHaveLength(1);
  });

  it("retries 4xx answers on the schedule, then fails with the server's answer; the message stays in the log", async () => {
    const server = await smtp(() => ({ at: "DATA", code: 452, message: "4.2.2 Mailbox full" }));
    const { id } = await queue(await company());
    await settle();
    const failed = await row(id);
    expect(failed).toMatchObject({ status: "failed", attempts: 3, nextAttemptAt: null, sentAt: null });
    expect(failed.lastError).toMatch(/^452 4\.2\.2 Mailbox full/);
    expect(server.transactions()).toBe(3);
    expect(server.received).toHaveLength(0);
    // Nothing lost: the whole message is still there to read or download.
    const parsed = await simpleParser(await composeEmail(composableEmail(failed)));
    expect(parsed.subject).toBe("Your interview — Grüße");
  });

  it("fails at once on a 5xx answer (a permanent refusal is not repeated), recording the answer", async () => {
    const server = await smtp(() => ({ at: "RCPT", code: 550, message: "5.1.1 No such user here" }));
    const { id } = await queue(await company(), { to: "nobody@example.com" });
    await settle();
    const failed = await row(id);
    expect(failed).toMatchObject({ status: "failed", attempts: 1 });
    expect(failed.lastError).toMatch(/^550 5\.1\.1 No such user here/);
    expect(server.transactions()).toBe(1);
  });

  it("retries when no server answers at all, then fails with the connection error", async () => {
    const server = await smtp();
    await server.close();
    const { id } = await queue(await company());
    await settle();
    const failed = await row(id);
    expect(failed).toMatchObject({ status: "failed", attempts: 3 });
    expect(failed.lastError).toMatch(/ECONNREFUSED/);
  });
});

describe("without SMTP_URL", () => {
  it("keeps the message in the log as `stored`, sends nothing, and its .eml parses", async () => {
    const server = await startSmtpServer();
    servers.push(server);
    delete process.env.SMTP_URL;
    const { id } = await queue(await company());
    await settle();
    const stored = await row(id);
    expect(stored).toMatchObject({ status: "stored", attempts: 0, nextAttemptAt: null, sentAt: null, lastError: null });
    expect(server.transactions()).toBe(0);
    const parsed = await simpleParser(await composeEmail(composableEmail(stored)));
    expect(parsed.subject).toBe("Your interview — Grüße");
    expect(parsed.from?.value).toEqual([{ name: "Hireflow", address: "no-reply@localhost" }]);
    expect(parsed.attachments.map((a) => a.filename)).toEqual(["invite.ics"]);
  });

  it("composes the same bytes every time (fixed Message-ID, Date and boundary)", async () => {
    const { id } = await queue(await company());
    await settle();
    const stored = await row(id);
    const [a, b] = await Promise.all([composeEmail(composableEmail(stored)), composeEmail(composableEmail(stored))]);
    expect(a.equals(b)).toBe(true);
  });
});

describe("crash recovery", () => {
  it("sends a message a crash left queued, exactly once however many sweepers run, continuing its attempts", async () => {
    const server = await smtp();
    const svc = await company();
    // Queued and its first attempt claimed, then the process died: no record, the lease long expired.
    const { id } = await svc.db.$transaction(async (tx) => queueEmail(tx, svc, { to: "late@example.com", subject: "Recovered", text: "Still here." }));
    await markCompanyEventsPublished(svc.companyId);
    await getPrisma().emailMessage.update({ where: { id }, data: { attempts: 1, nextAttemptAt: new Date(Date.now() - 10 * 60_000) } });

    const counts = await Promise.all([sweepOverdueEmails(getPrisma(), { marginMs: 1_000 }), sweepOverdueEmails(getPrisma(), { marginMs: 1_000 })]);
    expect(counts.sort()).toEqual([0, 1]);
    await getLocalRunner().idle();
    expect(await row(id)).toMatchObject({ status: "sent", attempts: 2 });
    expect(server.received).toHaveLength(1);
    expect(server.received[0]!.to).toEqual(["late@example.com"]);
    expect(await sweepOverdueEmails(getPrisma(), { marginMs: 1_000 })).toBe(0);
  });

  it("leaves a message alone whose attempt is still leased (a live run owns it)", async () => {
    await smtp();
    const svc = await company();
    const { id } = await svc.db.$transaction(async (tx) => queueEmail(tx, svc, { to: "live@example.com", subject: "Live", text: "Mid-attempt." }));
    await markCompanyEventsPublished(svc.companyId);
    await getPrisma().emailMessage.update({ where: { id }, data: { attempts: 1, nextAttemptAt: new Date(Date.now() + 60_000) } });
    expect(await sweepOverdueEmails(getPrisma(), { marginMs: 1_000 })).toBe(0);
    expect(await row(id)).toMatchObject({ status: "queued", attempts: 1 });
    await getPrisma().emailMessage.update({ where: { id }, data: { status: "failed" } });
  });
});

describe("the invitation e-mail", () => {
  it("is queued with the invitation, in its transaction, and delivered with the link", async () => {
    const server = await smtp();
    const svc = await company();
    await getPrisma().company.update({ where: { id: svc.companyId }, data: { name: "Acme <b>& Co</b>" } });
    const created = await inviteMember(svc, { email: "New.Person@Example.com", role: "admin" });
    await settle();
    const [mail] = server.received;
    expect(mail!.to).toEqual(["new.person@example.com"]);
    const parsed = await simpleParser(mail!.raw);
    const link = `${process.env.APP_BASE_URL}/invite/${created.token}`;
    expect(parsed.subject).toBe("Join Acme <b>& Co</b> on Hireflow");
    expect(parsed.text).toContain(link);
    expect(parsed.text).toContain("as an admin");
    expect(parsed.html).toContain(`<a href="${link}">Accept the invitation</a>`);
    // The company's name is text in the HTML, not markup.
    expect(parsed.html).toContain("Acme &lt;b&gt;&amp; Co&lt;/b&gt;");
    expect(parsed.html).not.toContain("<b>&");
  });
});
