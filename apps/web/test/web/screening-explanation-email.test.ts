import { type AddressInfo } from "node:net";
import { randomBytes } from "node:crypto";
import { saveScreeningOutcome, systemContext, updateCompanyScreeningSettings } from "@hireflow/core";
import { type ScreeningOutcome } from "@hireflow/core/screening/engine";
import { getPrisma } from "@hireflow/db";
import { runEmailAttempt } from "@hireflow/worker/email/index";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startApp } from "../helpers/app.ts";
import { apiClient } from "../helpers/client.ts";
import { createTestCompany, type TestCompany } from "../helpers/fixtures.ts";

/**
 * "Send to candidate" of the screening explanation (issue 25 §3) end to end: POST
 * /candidates/{id}/screening_explanation/send over HTTP queues the message; the delivery job's attempt
 * sends it over SMTP_URL to a real SMTP server (smtp-server on 127.0.0.1), where it is parsed with
 * mailparser. A candidate named `<script>` is text in both parts; the timeline records queued and sent.
 */
let app: Awaited<ReturnType<typeof startApp>>;
let co: TestCompany;
const received: Buffer[] = [];
let smtp: SMTPServer;
let smtpUrl: string;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        received.push(Buffer.concat(chunks));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
  app = await startApp();
  // A job title and a company contact with markup, too: everything from the company's data is escaped alike.
  co = await createTestCompany({ title: "Backend <b>Engineer</b>" });
  await updateCompanyScreeningSettings(systemContext(getPrisma(), co.id), { notice_contact: "review@acme.example" });
});
afterEach(() => {
  delete process.env.SMTP_URL;
});
afterAll(async () => {
  await app?.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

const SETTINGS = {
  mode: "auto" as const,
  criteria: [{ id: "go", type: "skill" as const, value: "Go", required: true, weight: 1, question_id: null, accepted: null }],
  advance: { min_score: 80, to_stage: "phonescreen" },
  reject_on_required_miss: false,
};

function outcome(evidence: string): ScreeningOutcome {
  return {
    fitScore: 40,
    criteria: [{ ...SETTINGS.criteria[0]!, met: false, evidence, match: null }],
    engine: "local",
    model: null,
    criteriaHash: "h",
    inputHash: "i",
    blindText: "",
  };
}

describe("sending the screening explanation over SMTP", () => {
  it("arrives as one message with the explanation in plain text and escaped HTML; a <script> name and resume quote stay text", async () => {
    const api = apiClient(app.url, co);
    const email = `script-${randomBytes(4).toString("hex")}@example.com`;
    const created = await api.post("/candidates", { job_id: co.jobId, name: "<script>alert(1)</script> Doe", email, stage: "applied" });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.data.id as number;
    // The evidence quotes the resume: markup and a {{placeholder}} in it are the candidate's text, never filled or rendered.
    const evidence = 'Go is not mentioned; the resume says "<img src=x onerror=alert(2)> {{company_name}}"';
    await saveScreeningOutcome(systemContext(getPrisma(), co.id), { candidateId: id, jobId: co.jobId, settings: SETTINGS }, outcome(evidence), "initial");
    expect((await api.patch(`/candidates/${id}`, { stage: "rejected" })).status).toBe(200);

    const res = await api.post(`/candidates/${id}/screening_explanation/send`);
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    const messageId = res.body.data.email_message_id as number;

    process.env.SMTP_URL = smtpUrl;
    const before = received.length;
    expect(await runEmailAttempt(getPrisma(), co.id, messageId, 0, null)).toMatchObject({ outcome: "sent" });
    expect(received.length).toBe(before + 1);
    const mail = await simpleParser(received.at(-1)!);

    expect(mail.to && !Array.isArray(mail.to) ? mail.to.value.map((a) => a.address) : null).toEqual([email]);
    expect(mail.subject).toMatch(/^How your application for Backend <b>Engineer<\/b> at Test [0-9a-f]{8} was assessed$/);
    // Plain text: the explanation as GET shows it, with the greeting's first word of the name as written.
    const explanation = (await api.get(`/candidates/${id}/screening_explanation`)).body.data;
    expect(mail.text).toContain("Hi <script>alert(1)</script>,");
    expect(mail.text).toContain(explanation.text);
    expect(mail.text).toContain(`Experience with Go (required): not met. ${evidence}`);
    expect(mail.text).toContain("{{company_name}}");
    expect(mail.text).toContain("contact review@acme.example");
    // HTML: the same words, every < escaped — no element of the candidate's or the resume's.
    const html = String(mail.html);
    expect(html).not.toMatch(/<script|<img|<b>/i);
    expect(html).toContain("Hi &lt;script&gt;alert(1)&lt;/script&gt;,");
    expect(html).toContain("&lt;img src=x onerror=alert(2)&gt; {{company_name}}");
    expect(html).toContain("Backend &lt;b&gt;Engineer&lt;/b&gt;");

    const steps = await getPrisma().candidateActivity.findMany({ where: { candidateId: id, type: "email" }, orderBy: { id: "asc" } });
    expect(steps.map((s) => [(s.data as { kind: string }).kind, (s.data as { event: string }).event])).toEqual([
      ["screening_explanation", "queued"],
      ["screening_explanation", "sent"],
    ]);
    expect(await getPrisma().emailMessage.findUniqueOrThrow({ where: { id: messageId }, select: { status: true, kind: true } })).toEqual({ status: "sent", kind: "screening_explanation" });
  });

  it("without SMTP_URL the message is kept in the e-mail log (stored), as every candidate e-mail", async () => {
    const api = apiClient(app.url, co);
    const created = await api.post("/candidates", { job_id: co.jobId, name: "Kept Log", email: `kept-${randomBytes(4).toString("hex")}@example.com`, stage: "rejected" });
    const id = created.body.data.id as number;
    await saveScreeningOutcome(systemContext(getPrisma(), co.id), { candidateId: id, jobId: co.jobId, settings: SETTINGS }, outcome("Go is not mentioned"), "initial");
    const res = await api.post(`/candidates/${id}/screening_explanation/send`);
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    const before = received.length;
    expect(await runEmailAttempt(getPrisma(), co.id, res.body.data.email_message_id, 0, null)).toEqual({ outcome: "stored" });
    expect(received.length).toBe(before);
    const kept = await getPrisma().emailMessage.findUniqueOrThrow({ where: { id: res.body.data.email_message_id } });
    expect(kept).toMatchObject({ status: "stored", kind: "screening_explanation" });
    expect(kept.textBody).toContain("Hi Kept,");
  });
});
