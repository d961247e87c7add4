import { randomBytes } from "node:crypto";
import { appRouter, createCallerFactory, createCandidate, createCompany, createJob, createUser, systemContext, type UserRole } from "@hireflow/core";
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
 * A scheduled rejection e-mail from the candidate page (#43 §12), through the procedures the page
 * calls (rejectionEmails.scheduled / cancel / sendNow) and the services behind them: the move says
 * when the e-mail goes; Cancel means it is never sent; Send now delivers it at once over a real SMTP
 * server; once it went (or was canceled) both are a 409; another company's e-mail is a 404; each step
 * is in the candidate's timeline by the member who took it.
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

async function settle() {
  await publisher.flush();
  await getLocalRunner().idle();
}

const callerAs = (companyId: number, userId: string, role: UserRole) => createCallerFactory(appRouter)({ prisma: getPrisma(), requestId: "test", principal: { kind: "user", companyId, userId, role } });

/** A company with a recruiter and a candidate rejected on the board with the e-mail `delayMinutes` away. */
async function rejected(delayMinutes = 60) {
  process.env.SMTP_URL = server.url;
  const prisma = getPrisma();
  const company = await createCompany(prisma, { name: `Acme ${randomBytes(3).toString("hex")}` });
  const svc = systemContext(prisma, company.id);
  const job = await createJob(svc, { title: "Platform Engineer", is_public: false });
  const email = `${randomBytes(5).toString("hex")}@example.com`;
  const candidate = await createCandidate(svc, { job_id: job.id, name: "Pat Doe", email, stage: "applied" }, { source: "public_api" });
  const recruiter = await createUser(prisma, { companyId: company.id, email: `r-${randomBytes(4).toString("hex")}@example.com`, password: "correct horse battery staple", name: "Rae Cruiter", role: "recruiter" });
  const user = systemContext(prisma, company.id, { type: "user", userId: recruiter.id });
  const [reason] = await prisma.rejectReason.findMany({ where: { companyId: company.id }, orderBy: { position: "asc" }, take: 1 });
  const before = Date.now();
  const moved = await moveCandidates(user, [candidate.id], "rejected", { rejectReasonId: reason!.id, rejectionEmail: { delayMinutes } });
  const caller = callerAs(company.id, recruiter.id, "recruiter");
  return { prisma, companyId: company.id, jobId: job.id, candidateId: candidate.id, email, recruiter, caller, moved, reason: reason!, before };
}

const message = (id: number) => getPrisma().emailMessage.findUniqueOrThrow({ where: { id } });
const emailSteps = async (candidateId: number) =>
  (await getPrisma().candidateActivity.findMany({ where: { candidateId, type: "email" }, orderBy: { id: "asc" } })).map((a) => ({ event: (a.data as { event: string }).event, by: a.performerId }));

describe("a scheduled rejection e-mail", () => {
  it("the move says when it goes; the board shows the reason and carries the reject reasons", async () => {
    const { moved, candidateId, before, caller, jobId, reason } = await rejected(60);
    expect(moved.moved).toEqual([candidateId]);
    expect(moved.rejection_emails).toEqual([{ candidate_id: candidateId, email_message_id: expect.any(Number), send_after: expect.any(String) }]);
    const sendAfter = Date.parse(moved.rejection_emails[0]!.send_after!);
    expect(sendAfter).toBeGreaterThanOrEqual(before + 60 * 60_000);
    expect(sendAfter).toBeLessThan(Date.now() + 60 * 60_000 + 1000);

    const { data: scheduled } = await caller.rejectionEmails.scheduled({ candidate_id: candidateId });
    expect(scheduled).toMatchObject({ id: moved.rejection_emails[0]!.email_message_id, candidate_id: candidateId, status: "scheduled", send_after: moved.rejection_emails[0]!.send_after });

    const { data: board } = await caller.pipeline.board({ job_id: jobId });
    expect(board.candidates.find((c) => c.id === candidateId)?.reject_reason).toBe(reason.name);
    expect(board.reject_reasons.map((r) => r.name)).toContain(reason.name);
  });

  it("a move without the e-mail reports none; a delay of 0 reports it as going now", async () => {
    const now = await rejected(0);
    expect(now.moved.rejection_emails).toEqual([{ candidate_id: now.candidateId, email_message_id: expect.any(Number), send_after: null }]);
    expect((await now.caller.rejectionEmails.scheduled({ candidate_id: now.candidateId })).data).toBeNull();
    const user = systemContext(getPrisma(), now.companyId, { type: "user", userId: now.recruiter.id });
    const back = await moveCandidates(user, [now.candidateId], "applied");
    expect(back.rejection_emails).toEqual([]);
    await settle();
  });

  it("canceled: never sent, in the timeline by the member; a second cancel or a send now is a 409", async () => {
    const { caller, moved, candidateId, recruiter, email } = await rejected(60);
    const id = moved.rejection_emails[0]!.email_message_id;
    const { data } = await caller.rejectionEmails.cancel({ id });
    expect(data).toMatchObject({ id, status: "canceled" });
    expect(await message(id)).toMatchObject({ status: "canceled", nextAttemptAt: null });
    expect((await caller.rejectionEmails.scheduled({ candidate_id: candidateId })).data).toBeNull();
    expect(await emailSteps(candidateId)).toEqual([
      { event: "scheduled", by: recruiter.id },
      { event: "canceled", by: recruiter.id },
    ]);
    await expect(caller.rejectionEmails.cancel({ id })).rejects.toMatchObject({ cause: { code: "conflict", message: expect.stringContaining("already canceled") } });
    await expect(caller.rejectionEmails.sendNow({ id })).rejects.toMatchObject({ cause: { code: "conflict" } });
    // Even once it would have been due, the sweep leaves it alone.
    await getPrisma().emailMessage.update({ where: { id }, data: { sendAfter: new Date(Date.now() - 1000) } });
    await sweepOverdueEmails(getPrisma());
    await settle();
    expect(server.received.filter((m) => m.to.includes(email))).toHaveLength(0);
  });

  it("sent now: delivered at once and dated now; then cancel and send now are a 409", async () => {
    const { caller, moved, candidateId, recruiter, email } = await rejected(24 * 60);
    const id = moved.rejection_emails[0]!.email_message_id;
    const before = Date.now();
    const { data } = await caller.rejectionEmails.sendNow({ id });
    expect(data).toMatchObject({ id, status: "queued" });
    await settle();
    const mails = await Promise.all(server.received.filter((m) => m.to.includes(email)).map((m) => simpleParser(m.raw)));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.date!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(await message(id)).toMatchObject({ status: "sent" });
    expect(await emailSteps(candidateId)).toEqual([
      { event: "scheduled", by: recruiter.id },
      { event: "queued", by: recruiter.id },
      { event: "sent", by: null },
    ]);
    await expect(caller.rejectionEmails.cancel({ id })).rejects.toMatchObject({ cause: { code: "conflict", message: expect.stringContaining("already sent") } });
    await expect(caller.rejectionEmails.sendNow({ id })).rejects.toMatchObject({ cause: { code: "conflict" } });
  });

  it("another company's e-mail or candidate is a 404, another kind of e-mail too; interviewers are refused", async () => {
    const mine = await rejected(60);
    const theirs = await rejected(60);
    const id = theirs.moved.rejection_emails[0]!.email_message_id;
    await expect(mine.caller.rejectionEmails.cancel({ id })).rejects.toMatchObject({ cause: { code: "not_found" } });
    await expect(mine.caller.rejectionEmails.sendNow({ id })).rejects.toMatchObject({ cause: { code: "not_found" } });
    await expect(mine.caller.rejectionEmails.scheduled({ candidate_id: theirs.candidateId })).rejects.toMatchObject({ cause: { code: "not_found" } });
    expect(await message(id)).toMatchObject({ status: "scheduled" });

    const application = await getPrisma().emailMessage.create({
      data: { companyId: mine.companyId, candidateId: mine.candidateId, kind: "application_received", toAddresses: [mine.email], fromAddress: "a@b.c", subject: "x", textBody: "x", messageId: `<${randomBytes(6).toString("hex")}@t>`, status: "scheduled" },
    });
    await expect(mine.caller.rejectionEmails.cancel({ id: application.id })).rejects.toMatchObject({ cause: { code: "not_found" } });

    const interviewer = await createUser(getPrisma(), { companyId: mine.companyId, email: `i-${randomBytes(4).toString("hex")}@example.com`, password: "correct horse battery staple", role: "interviewer" });
    const asInterviewer = callerAs(mine.companyId, interviewer.id, "interviewer");
    await expect(asInterviewer.rejectionEmails.cancel({ id: mine.moved.rejection_emails[0]!.email_message_id })).rejects.toMatchObject({ cause: { code: "forbidden" } });
    await expect(asInterviewer.rejectionEmails.scheduled({ candidate_id: mine.candidateId })).rejects.toMatchObject({ cause: { code: "forbidden" } });
  });
});
