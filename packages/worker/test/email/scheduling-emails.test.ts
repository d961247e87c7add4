import { randomBytes } from "node:crypto";
import { bookSlot, cancelBooking, createCandidate, createCompany, createJob, createSchedulingLink, createUser, putAvailability, rescheduleSlot, systemContext } from "@hireflow/core";
import { getPrisma } from "@hireflow/db";
import { useIsolatedDatabase } from "@hireflow/db/testing/isolated";
import ICAL from "ical.js";
import { simpleParser, type ParsedMail } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sendEmailJob } from "../../src/email/index.ts";
import { type OutboxPublisher, startOutboxPublisher } from "../../src/outbox/publisher.ts";
import { getLocalRunner, registerJobs, shutdownLocalRunner } from "../../src/runtime/index.ts";
import { type SmtpTestServer, startSmtpServer } from "./smtp.ts";

/**
 * Self-scheduling's e-mails through a real SMTP server (issue 42): the link to the candidate, then
 * the booking's invitations to the member and the candidate (the candidate's carries the page to
 * reschedule or cancel), a reschedule (same UID, SEQUENCE 1) and the cancel (METHOD:CANCEL), each
 * parsed with mailparser and its .ics with ical.js. Fixed instants in January 2030.
 */
useIsolatedDatabase();
process.env.EMAIL_RETRY_SCHEDULE_MS = "50,100";
process.env.SMTP_TIMEOUT_MS = "2000";

const NOW = new Date("2030-01-01T00:00:00Z");
let publisher: OutboxPublisher;
let server: SmtpTestServer;
let member: { id: string; email: string };
let candidateEmail: string;
let token: string;
let companyName: string;

beforeAll(async () => {
  registerJobs([sendEmailJob]);
  publisher = startOutboxPublisher();
  server = await startSmtpServer();
  process.env.SMTP_URL = server.url;
  const prisma = getPrisma();
  const company = await createCompany(prisma, { name: `Scheduling mail ${randomBytes(3).toString("hex")}` });
  companyName = company.name;
  const svc = systemContext(prisma, company.id);
  const user = await createUser(prisma, { companyId: company.id, email: `grace-${randomBytes(3).toString("hex")}@example.com`, password: "correct horse battery", name: "Grace Hopper", role: "recruiter" });
  member = { id: user.id, email: user.email };
  const owner = { ...systemContext(prisma, company.id, { type: "user", userId: user.id }), role: "owner" as const };
  await putAvailability(owner, { id: user.id, time_zone: "Europe/Berlin", working_hours: [{ day: "mon", start: "09:00", end: "17:00" }] }, NOW);
  const job = await createJob(svc, { title: "Platform Engineer" });
  candidateEmail = `ada-${randomBytes(3).toString("hex")}@example.com`;
  const candidateId = (await createCandidate(svc, { job_id: job.id, name: "Ada Lovelace", email: candidateEmail }, { source: "public_api" })).id;
  const link = await createSchedulingLink(owner, { candidate_id: candidateId, title: "Technical interview", duration_minutes: 60, interviewer_ids: [user.id], from: "2030-01-07T00:00:00Z", to: "2030-01-08T00:00:00Z" }, NOW);
  token = link.url.split("/schedule/")[1]!;
});

afterAll(async () => {
  delete process.env.SMTP_URL;
  await publisher.stop();
  await shutdownLocalRunner();
  await server.close();
});

async function receivedSince(from: number): Promise<ParsedMail[]> {
  await publisher.flush();
  await getLocalRunner().idle();
  return Promise.all(server.received.slice(from).map((mail) => simpleParser(mail.raw)));
}

const to = (mail: ParsedMail) => (Array.isArray(mail.to) ? mail.to : [mail.to!]).flatMap((a) => a.value.map((v) => v.address!));

function calendarOf(mail: ParsedMail) {
  const attachment = mail.attachments.find((a) => a.contentType === "text/calendar");
  expect(attachment, `${mail.subject}: a text/calendar attachment`).toBeDefined();
  const calendar = new ICAL.Component(ICAL.parse(attachment!.content.toString("utf8")));
  for (const vtimezone of calendar.getAllSubcomponents("vtimezone")) {
    ICAL.TimezoneService.remove(String(vtimezone.getFirstPropertyValue("tzid")));
    ICAL.TimezoneService.register(vtimezone);
  }
  const event = new ICAL.Event(calendar.getFirstSubcomponent("vevent")!);
  return { method: String(calendar.getFirstPropertyValue("method")), uid: event.uid, sequence: event.sequence, start: event.startDate.toJSDate(), end: event.endDate.toJSDate(), description: event.description };
}

describe("self-scheduling's e-mails", () => {
  let first = 0;

  it("sends the candidate their link (the scheduling template)", async () => {
    const mails = await receivedSince(0);
    const link = mails.find((m) => to(m).includes(candidateEmail));
    expect(link?.subject).toBe(`Pick a time for your Technical interview with ${companyName}`);
    expect(link!.text).toContain(`/schedule/${token}`);
    expect(link!.text).toContain("Hi Ada,");
    first = server.received.length;
  });

  it("books: the member and the candidate get the invitation at the booked instant; the candidate's names the page to change it", async () => {
    // Monday 10:00 in Berlin (winter time, UTC+1) is 09:00Z.
    await bookSlot(getPrisma(), token, { start_at: "2030-01-07T09:00:00Z", time_zone: "America/New_York" }, NOW);
    const mails = await receivedSince(first);
    expect(mails.map(to).flat().sort()).toEqual([candidateEmail, member.email].sort());
    for (const mail of mails) {
      const ics = calendarOf(mail);
      expect([ics.method, ics.sequence, ics.start.toISOString(), ics.end.toISOString()]).toEqual(["REQUEST", 0, "2030-01-07T09:00:00.000Z", "2030-01-07T10:00:00.000Z"]);
    }
    const candidateMail = mails.find((m) => to(m).includes(candidateEmail))!;
    expect(candidateMail.text).toContain(`To reschedule or cancel: `);
    expect(candidateMail.text).toContain(`/schedule/${token}`);
    // Written in the zone the candidate booked in.
    expect(candidateMail.text).toContain("(America/New_York)");
    expect(mails.find((m) => to(m).includes(member.email))!.text).not.toContain(`/schedule/${token}`);
    first = server.received.length;
  });

  it("reschedules: the same event (UID) at SEQUENCE 1 and the new time; cancels: METHOD:CANCEL", async () => {
    const uid = (await getPrisma().interview.findFirstOrThrow({ where: { scheduledBy: "candidate" } })).icalUid;
    await rescheduleSlot(getPrisma(), token, { start_at: "2030-01-07T13:00:00Z" }, NOW);
    const moved = await receivedSince(first);
    expect(moved).toHaveLength(2);
    for (const mail of moved) {
      expect(calendarOf(mail)).toMatchObject({ method: "REQUEST", uid, sequence: 1 });
      expect(calendarOf(mail).start.toISOString()).toBe("2030-01-07T13:00:00.000Z");
    }
    first = server.received.length;
    await cancelBooking(getPrisma(), token, NOW);
    const canceled = await receivedSince(first);
    expect(canceled).toHaveLength(2);
    for (const mail of canceled) expect(calendarOf(mail)).toMatchObject({ method: "CANCEL", uid, sequence: 2 });
  });
});
