import { randomBytes } from "node:crypto";
import {
  AppError,
  createCandidate,
  createCompany,
  createJob,
  eraseCandidate,
  getEmailSettings,
  submitApplication,
  systemContext,
  updateCandidate,
  updateJob,
  updateEmailSettings,
  updateEmailSettingsInput,
  type ServiceContext,
} from "@hireflow/core";
import { moveCandidates } from "@hireflow/core/board";
import { getPrisma } from "@hireflow/db";
import { useIsolatedDatabase } from "@hireflow/db/testing/isolated";
import { simpleParser } from "mailparser";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { sendEmailJob, sweepOverdueEmails } from "../../src/email/index.ts";
import { type OutboxPublisher, startOutboxPublisher } from "../../src/outbox/publisher.ts";
import { getLocalRunner, registerJobs, shutdownLocalRunner } from "../../src/runtime/index.ts";
import { type SmtpTestServer, startSmtpServer } from "./smtp.ts";

/**
 * The candidate e-mails (#27 §4) end to end: the change in core writes the message in its
 * transaction → the outbox (or, for a delayed rejection, the e-mail sweep once due) → the delivery
 * job on the local runner → a real SMTP server on 127.0.0.1, each message parsed with mailparser.
 */
useIsolatedDatabase();
process.env.SMTP_TIMEOUT_MS = "2000";

let publisher: OutboxPublisher;
let server: SmtpTestServer;

beforeAll(async () => {
  registerJobs([sendEmailJob]);
  publisher = startOutboxPublisher();
  server = await startSmtpServer();
});
afterEach(() => {
  delete process.env.SMTP_URL;
});
afterAll(async () => {
  await publisher.stop();
  await shutdownLocalRunner();
  await server.close();
});

/** Publishes what is committed and waits until every run it started is over. */
async function settle() {
  await publisher.flush();
  await getLocalRunner().idle();
}

async function setup() {
  process.env.SMTP_URL = server.url;
  const prisma = getPrisma();
  const company = await createCompany(prisma, { name: `Acme & Sons ${randomBytes(3).toString("hex")}` });
  const svc: ServiceContext = systemContext(prisma, company.id);
  const api: ServiceContext = systemContext(prisma, company.id, { type: "api", apiKeyId: 0 });
  const job = await createJob(svc, { title: "Platform <Engineer>", is_public: true });
  return { prisma, companyId: company.id, svc, api, job };
}

const unique = () => `${randomBytes(5).toString("hex")}@example.com`;

/** Messages the SMTP server received for an address, parsed. */
async function receivedFor(address: string) {
  return Promise.all(server.received.filter((m) => m.to.includes(address)).map((m) => simpleParser(m.raw)));
}

const messagesOf = (candidateId: number) => getPrisma().emailMessage.findMany({ where: { candidateId }, orderBy: { id: "asc" } });
const emailTimeline = async (candidateId: number) =>
  (await getPrisma().candidateActivity.findMany({ where: { candidateId, type: "email" }, orderBy: { id: "asc" } })).map((a) => a.data as Record<string, unknown>);

async function candidateByEmail(companyId: number, email: string) {
  return getPrisma().candidate.findFirstOrThrow({ where: { companyId, email } });
}

describe("application received", () => {
  it("is sent once for a careers application — a repeated submission sends nothing more — and recorded in the timeline", async () => {
    const { companyId, job } = await setup();
    const email = unique();
    await submitApplication(getPrisma(), job.id, { name: "Robin Example", email });
    // The same application again (a retried request, a double click): the duplicate rule answers it.
    await submitApplication(getPrisma(), job.id, { name: "Robin Example", email });
    await settle();

    const mails = await receivedFor(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe("We received your application for Platform <Engineer>");
    expect(mails[0]!.text).toContain("Hi Robin,");
    const candidate = await candidateByEmail(companyId, email);
    const [message] = await messagesOf(candidate.id);
    expect(message).toMatchObject({ kind: "application_received", status: "sent", attempts: 1 });
    expect((await emailTimeline(candidate.id)).map((e) => e.event)).toEqual(["queued", "sent"]);
  });

  it("cannot be stored twice for one candidate (the database's partial unique index)", async () => {
    const { companyId, job, svc } = await setup();
    const email = unique();
    await submitApplication(getPrisma(), job.id, { name: "Once Only", email });
    const candidate = await candidateByEmail(companyId, email);
    const again = svc.db.emailMessage.create({
      data: { companyId, candidateId: candidate.id, kind: "application_received", toAddresses: [email], fromAddress: "a@b.c", subject: "x", textBody: "x", messageId: `<${randomBytes(6).toString("hex")}@t>` },
    });
    await expect(again).rejects.toThrow(/email_messages_application_received_key|Unique constraint/);
    await settle();
  });

  it("is not sent when the company switched it off, and for API candidates only when the company opted in", async () => {
    const { companyId, job, svc, api } = await setup();
    const viaApi = unique();
    await createCandidate(api, { job_id: job.id, name: "Api Person", email: viaApi }, { source: "public_api" });
    await updateEmailSettings(svc, { application_received: { send_for_api: true } });
    const optedIn = unique();
    await createCandidate(api, { job_id: job.id, name: "Api Opted", email: optedIn }, { source: "public_api" });
    await updateEmailSettings(svc, { application_received: { enabled: false } });
    const off = unique();
    await submitApplication(getPrisma(), job.id, { name: "Careers Off", email: off });
    await settle();

    expect(await messagesOf((await candidateByEmail(companyId, viaApi)).id)).toHaveLength(0);
    expect(await messagesOf((await candidateByEmail(companyId, off)).id)).toHaveLength(0);
    expect(await receivedFor(optedIn)).toHaveLength(1);
  });

  it("escapes a candidate named <script> in the HTML part; the text part has the name as written", async () => {
    const { job, svc } = await setup();
    await updateEmailSettings(svc, { application_received: { subject: "Hello {{candidate_name}}", body: "Dear {{candidate_name}} & co,\n\nthanks for {{job_title}}." } });
    const email = unique();
    await submitApplication(getPrisma(), job.id, { name: '<script>alert("x")</script>', email });
    await settle();

    const [mail] = await receivedFor(email);
    expect(mail!.subject).toBe('Hello <script>alert("x")</script>');
    expect(mail!.text).toContain('Dear <script>alert("x")</script> & co,');
    const html = String(mail!.html);
    expect(html).not.toContain("<script>");
    expect(html).toContain("Dear &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; co,");
    expect(html).toContain("thanks for Platform &lt;Engineer&gt;.");
  });
});

describe("rejection", () => {
  async function applied() {
    const ctx = await setup();
    const email = unique();
    const candidate = await createCandidate(ctx.api, { job_id: ctx.job.id, name: "Sam Rivera", email, stage: "applied" }, { source: "public_api" });
    return { ...ctx, email, candidateId: candidate.id };
  }

  it("with delay 0 is queued and sent at once, naming no reject reason with the default template", async () => {
    const { api, email, candidateId, svc } = await applied();
    const reason = await svc.db.rejectReason.findFirstOrThrow({ where: { archivedAt: null } });
    await updateCandidate(api, { id: candidateId, stage: "rejected", reject_reason_id: reason.id, send_rejection_email: true, rejection_email_delay_minutes: 0 });
    await settle();

    const [mail] = await receivedFor(email);
    expect(mail!.subject).toMatch(/^Your application for Platform <Engineer> at Acme & Sons/);
    expect(mail!.text).not.toContain(reason.name);
    const [message] = await messagesOf(candidateId);
    expect(message).toMatchObject({ kind: "rejection", status: "sent", sendAfter: null });
    expect((await emailTimeline(candidateId)).map((e) => e.event)).toEqual(["queued", "sent"]);
  });

  it("names the reject reason where the template writes {{reject_reason}}", async () => {
    const { api, email, candidateId, svc } = await applied();
    await updateEmailSettings(svc, { rejection: { body: "Hi {{candidate_first_name}}, we went another way: {{reject_reason}}." } });
    const reason = await svc.db.rejectReason.findFirstOrThrow({ where: { archivedAt: null } });
    await updateCandidate(api, { id: candidateId, stage: "rejected", reject_reason_id: reason.id, send_rejection_email: true, rejection_email_delay_minutes: 0 });
    await settle();
    const [mail] = await receivedFor(email);
    expect(mail!.text).toBe(`Hi Sam, we went another way: ${reason.name}.`);
  });

  it("is scheduled with the company's default delay, and canceled — never sent — when the candidate leaves the rejected stage first", async () => {
    const { api, email, candidateId, svc } = await applied();
    expect((await getEmailSettings(svc)).rejection.delay_minutes).toBe(60);
    const before = Date.now();
    await updateCandidate(api, { id: candidateId, stage: "rejected", send_rejection_email: true });
    const [scheduled] = await messagesOf(candidateId);
    expect(scheduled).toMatchObject({ kind: "rejection", status: "scheduled", attempts: 0 });
    expect(scheduled!.sendAfter!.getTime()).toBeGreaterThanOrEqual(before + 60 * 60_000);
    expect(scheduled!.sendAfter!.getTime()).toBeLessThanOrEqual(Date.now() + 60 * 60_000);

    // A stage-only PATCH (the typed fast path) out of rejected.
    await updateCandidate(api, { id: candidateId, stage: "phonescreen" });
    // Even once due, a canceled message is not released.
    await getPrisma().emailMessage.update({ where: { id: scheduled!.id }, data: { sendAfter: new Date(Date.now() - 1000) } });
    await sweepOverdueEmails(getPrisma());
    await settle();

    expect(await messagesOf(candidateId)).toMatchObject([{ id: scheduled!.id, status: "canceled", attempts: 0, sentAt: null }]);
    expect(await receivedFor(email)).toHaveLength(0);
    expect((await emailTimeline(candidateId)).map((e) => e.event)).toEqual(["scheduled", "canceled"]);
  });

  it("is sent by the e-mail sweep once due, exactly once however many sweeps run", async () => {
    const { api, email, candidateId } = await applied();
    await updateCandidate(api, { id: candidateId, stage: "rejected", send_rejection_email: true, rejection_email_delay_minutes: 30 });
    await sweepOverdueEmails(getPrisma());
    await settle();
    expect(await messagesOf(candidateId)).toMatchObject([{ status: "scheduled" }]);
    expect(await receivedFor(email)).toHaveLength(0);

    // Time passes: its send_after comes (as the sweep reads it, next_attempt_at).
    const past = new Date(Date.now() - 1000);
    await getPrisma().emailMessage.updateMany({ where: { candidateId }, data: { sendAfter: past, nextAttemptAt: past } });
    await Promise.all([sweepOverdueEmails(getPrisma()), sweepOverdueEmails(getPrisma()), sweepOverdueEmails(getPrisma())]);
    await settle();

    expect(await messagesOf(candidateId)).toMatchObject([{ status: "sent", attempts: 1 }]);
    const mails = await receivedFor(email);
    expect(mails).toHaveLength(1);
    // Dated when it was due, not when the move wrote it.
    expect(mails[0]!.date?.getTime()).toBe(Math.floor(past.getTime() / 1000) * 1000);
    expect((await emailTimeline(candidateId)).map((e) => e.event)).toEqual(["scheduled", "sent"]);
  });

  it("is canceled when a pipeline edit moves the candidate out of the removed rejected stage", async () => {
    const { api, svc, job, email } = await setup().then(async (ctx) => ({ ...ctx, email: unique() }));
    const stages = [...job.stages, { key: "not_selected", name: "Not selected", type: "rejected" as const }];
    await updateJob(svc, { id: job.id, stages });
    const candidate = await createCandidate(api, { job_id: job.id, name: "Pat Doe", email, stage: "applied" }, { source: "public_api" });
    await updateCandidate(api, { id: candidate.id, stage: "not_selected", send_rejection_email: true, rejection_email_delay_minutes: 15 });
    expect(await messagesOf(candidate.id)).toMatchObject([{ status: "scheduled" }]);
    await updateJob(svc, { id: job.id, stages: job.stages, stage_moves: { not_selected: "applied" } });
    expect(await messagesOf(candidate.id)).toMatchObject([{ status: "canceled" }]);
    expect((await emailTimeline(candidate.id)).map((e) => e.event)).toEqual(["scheduled", "canceled"]);
  });

  it("in a bulk move goes to each moved candidate with an address, once each", async () => {
    const { api, email, candidateId, job, companyId } = await applied();
    const second = unique();
    const other = await createCandidate(api, { job_id: job.id, name: "Kim Lee", email: second, stage: "applied" }, { source: "public_api" });
    const nameless = await createCandidate(api, { job_id: job.id, name: "No Address", stage: "applied" }, { source: "public_api" });
    const user = systemContext(getPrisma(), companyId);
    const result = await moveCandidates(user, [candidateId, other.id, nameless.id], "rejected", { rejectionEmail: { delayMinutes: 0 } });
    expect(result.moved.sort()).toEqual([candidateId, other.id, nameless.id].sort());
    await settle();
    expect(await receivedFor(email)).toHaveLength(1);
    expect(await receivedFor(second)).toHaveLength(1);
    expect(await messagesOf(nameless.id)).toHaveLength(0);
  });

  it("of an erased candidate is dropped with them, queued or scheduled", async () => {
    const { api, email, candidateId, svc } = await applied();
    await updateCandidate(api, { id: candidateId, stage: "rejected", send_rejection_email: true, rejection_email_delay_minutes: 10 });
    expect(await messagesOf(candidateId)).toHaveLength(1);
    await eraseCandidate(svc, candidateId);
    expect(await getPrisma().emailMessage.count({ where: { candidateId } })).toBe(0);
    expect(await getPrisma().emailMessage.count({ where: { toAddresses: { has: email } } })).toBe(0);
    await sweepOverdueEmails(getPrisma());
    await settle();
    expect(await receivedFor(email)).toHaveLength(0);
  });

  it("refuses what a move cannot send: a stage not of type rejected, no address, a delay out of range or without the e-mail", async () => {
    const { api, candidateId, job, svc } = await applied();
    const fails = async (promise: Promise<unknown>, field: string) => {
      const error = await promise.then(() => null, (e: unknown) => e);
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).code).toBe("validation_error");
      expect(JSON.stringify((error as AppError).details)).toContain(field);
    };
    await fails(updateCandidate(api, { id: candidateId, stage: "phonescreen", send_rejection_email: true }), "send_rejection_email");
    await fails(updateCandidate(api, { id: candidateId, send_rejection_email: true }), "send_rejection_email");
    await fails(updateCandidate(api, { id: candidateId, stage: "rejected", rejection_email_delay_minutes: 5 }), "rejection_email_delay_minutes");
    const nameless = await createCandidate(api, { job_id: job.id, name: "No Mail" }, { source: "public_api" });
    await fails(updateCandidate(api, { id: nameless.id, stage: "rejected", send_rejection_email: true }), "send_rejection_email");
    // Nothing moved, nothing queued.
    expect((await svc.db.candidate.findUniqueOrThrow({ where: { id: candidateId } })).stage).toBe("applied");
    expect(await messagesOf(candidateId)).toHaveLength(0);
  });
});

describe("templates", () => {
  it("name an unknown placeholder, a placeholder the template cannot use, and lengths, in the validation", () => {
    const issues = (input: unknown) => {
      const parsed = updateEmailSettingsInput.safeParse(input);
      return parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
    };
    // In plain words, with what the template may use instead (#43 §13).
    expect(issues({ application_received: { body: "Hi {{candidate_nmae}} {{ job_title }}" } })).toEqual([
      "application_received.body: Uses {{candidate_nmae}}, which Hireflow doesn't know. Known: {{candidate_name}}, {{candidate_first_name}}, {{job_title}}, {{company_name}}",
    ]);
    expect(issues({ application_received: { subject: "Why: {{reject_reason}}" } }).join()).toContain("application_received.subject: Uses {{reject_reason}}, which this e-mail cannot fill.");
    expect(issues({ application_received: { body: "{{foo}} {{reject_reason}}" } }).join()).toContain("Uses {{foo}}, {{reject_reason}}, which Hireflow doesn't know or this e-mail cannot fill.");
    expect(issues({ rejection: { body: "Why: {{reject_reason}}" } })).toEqual([]);
    expect(issues({ rejection: { subject: "x".repeat(201) } }).join()).toContain("at most 200");
    expect(issues({ rejection: { subject: "two\nlines" } }).join()).toContain("rejection.subject");
    expect(issues({ rejection: { delay_minutes: 10_081 } }).join()).toContain("rejection.delay_minutes");
    expect(issues({ rejection: { delay_minutes: -1 } }).join()).toContain("rejection.delay_minutes");
  });

  it("are the company's own: another company's settings are not changed, and null restores the built-in template", async () => {
    const a = await setup();
    const b = await setup();
    await updateEmailSettings(a.svc, { rejection: { subject: "A's subject", delay_minutes: 5 } });
    expect((await getEmailSettings(b.svc)).rejection).toMatchObject({ is_default: true, delay_minutes: 60 });
    expect((await getEmailSettings(a.svc)).rejection).toMatchObject({ subject: "A's subject", is_default: false, delay_minutes: 5 });
    await updateEmailSettings(a.svc, { rejection: { subject: null } });
    expect((await getEmailSettings(a.svc)).rejection.is_default).toBe(true);
  });
});
