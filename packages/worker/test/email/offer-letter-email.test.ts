import { randomBytes } from "node:crypto";
import { createCandidate, createCompany, createJob, createOffer, requestOfferApproval, sendOffer, systemContext, type ServiceContext } from "@hireflow/core";
import { getPrisma } from "@hireflow/db";
import { useIsolatedDatabase } from "@hireflow/db/testing/isolated";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { simpleParser } from "mailparser";
import { PDFParse } from "pdf-parse";
import { afterAll, beforeAll, expect, it } from "vitest";
import { sendEmailJob } from "../../src/email/index.ts";
import { type OutboxPublisher, startOutboxPublisher } from "../../src/outbox/publisher.ts";
import { getLocalRunner, registerJobs, shutdownLocalRunner } from "../../src/runtime/index.ts";
import { type SmtpTestServer, startSmtpServer } from "./smtp.ts";

/**
 * The offer e-mail end to end (issue 41 §1–2): sendOffer queues it in its transaction, the delivery job
 * sends it to a real SMTP server (smtp-server), and the message received is parsed with mailparser —
 * the PDF attachment with pdf-parse for the candidate's name and the formatted salary, the text for the
 * candidate's personal link.
 */
useIsolatedDatabase();
process.env.EMAIL_RETRY_SCHEDULE_MS = "50,100";
process.env.SMTP_TIMEOUT_MS = "2000";
const blobDir = mkdtempSync(path.join(os.tmpdir(), "hireflow-offer-mail-"));

let publisher: OutboxPublisher;
let server: SmtpTestServer;
let svc: ServiceContext;

beforeAll(async () => {
  process.env.BLOB_DIR = blobDir;
  registerJobs([sendEmailJob]);
  publisher = startOutboxPublisher();
  server = await startSmtpServer();
  process.env.SMTP_URL = server.url;
  const company = await createCompany(getPrisma(), { name: `Acme Robotics ${randomBytes(3).toString("hex")}` });
  svc = systemContext(getPrisma(), company.id);
});

afterAll(async () => {
  delete process.env.SMTP_URL;
  await publisher.stop();
  await shutdownLocalRunner();
  await server.close();
  rmSync(blobDir, { recursive: true, force: true });
});

it("sends the letter as a PDF attachment with the candidate's name and salary, and the link to answer", async () => {
  const job = await createJob(svc, { title: "Platform Engineer" });
  const email = `zoe-${randomBytes(3).toString("hex")}@example.com`;
  const candidate = await createCandidate(svc, { job_id: job.id, name: "Zoë Ångström", email }, { source: "public_api" });
  const offer = await createOffer(svc, { candidate_id: candidate.id, start_date: "2030-03-01", salary: { amount: 85000, currency: "EUR", period: "year" } });
  await requestOfferApproval(svc, offer.id);
  const before = server.received.length;
  await sendOffer(svc, offer.id);
  await publisher.flush();
  await getLocalRunner().idle();
  const mails = await Promise.all(server.received.slice(before).map((mail) => simpleParser(mail.raw)));
  expect(mails).toHaveLength(1);
  const [mail] = mails;
  expect(mail!.to && "text" in mail!.to ? mail!.to.text : "").toContain(email);
  expect(mail!.subject).toBe("Your offer from " + (await getPrisma().company.findUniqueOrThrow({ where: { id: svc.companyId } })).name + ": Platform Engineer");
  expect(mail!.text).toMatch(/\/offers\/[A-Za-z0-9_-]{43}/);
  const pdfs = mail!.attachments.filter((a) => a.contentType === "application/pdf");
  expect(pdfs.map((a) => a.filename)).toEqual(["Offer - Platform Engineer.pdf"]);
  const parser = new PDFParse({ data: new Uint8Array(pdfs[0]!.content) });
  const { text } = await parser.getText();
  await parser.destroy();
  expect(text).toContain("Zoë Ångström");
  expect(text).toContain("EUR 85,000 per year");
  expect(text).toContain("1 March 2030");
});
