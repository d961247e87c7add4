import { randomBytes } from "node:crypto";
import { cancelInterview, createCandidate, createCompany, createJob, createUser, scheduleInterview, systemContext, updateInterview, type ServiceContext } from "@hireflow/core";
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
 * Interview invitations end to end: scheduleInterview / updateInterview / cancelInterview queue the
 * e-mails in their transaction, the delivery job sends them to a real SMTP server (smtp-server), and
 * each received message is parsed with mailparser and its .ics with ical.js. ical.js has no time zone
 * data of its own, so the absolute times it computes come from the VTIMEZONE the invitation carries:
 * an interview in Europe/Berlin on the last Sunday of October (the day summer time ends) and one in
 * America/New_York on the day its summer time ends must land on the right UTC instants.
 */
useIsolatedDatabase();
process.env.EMAIL_RETRY_SCHEDULE_MS = "50,100";
process.env.SMTP_TIMEOUT_MS = "2000";

let publisher: OutboxPublisher;
let server: SmtpTestServer;
let svc: ServiceContext;
let panel: { id: string; email: string }[];
let candidateId: number;
let candidateEmail: string;

beforeAll(async () => {
  registerJobs([sendEmailJob]);
  publisher = startOutboxPublisher();
  server = await startSmtpServer();
  process.env.SMTP_URL = server.url;
  const company = await createCompany(getPrisma(), { name: `Acme, Berlin; R\\D ${randomBytes(3).toString("hex")}` });
  svc = systemContext(getPrisma(), company.id);
  panel = [];
  for (const name of ["Grace Hopper", "Alan Turing"]) {
    const user = await createUser(getPrisma(), { companyId: company.id, email: `${name.split(" ")[0]!.toLowerCase()}-${randomBytes(3).toString("hex")}@example.com`, password: "correct horse battery", name, role: "recruiter" });
    panel.push({ id: user.id, email: user.email });
  }
  const job = await createJob(svc, { title: "Platform Engineer" });
  candidateEmail = `ada-${randomBytes(3).toString("hex")}@example.com`;
  candidateId = (await createCandidate(svc, { job_id: job.id, name: "Ada Lovelace", email: candidateEmail }, { source: "public_api" })).id;
});

afterAll(async () => {
  delete process.env.SMTP_URL;
  await publisher.stop();
  await shutdownLocalRunner();
  await server.close();
});

/** Publishes what is committed and waits until every delivery run it started is over. */
async function settle() {
  await publisher.flush();
  await getLocalRunner().idle();
}

/** The messages the server received since `from`, parsed. */
async function receivedSince(from: number): Promise<ParsedMail[]> {
  await settle();
  return Promise.all(server.received.slice(from).map((mail) => simpleParser(mail.raw)));
}

interface ParsedInvitation {
  raw: string;
  method: string;
  uid: string;
  sequence: number;
  status: string;
  start: Date;
  end: Date;
  startTzid: string | null;
  attendees: string[];
  description: string;
  summary: string;
  location: string | null;
}

function parseInvitation(mail: ParsedMail): ParsedInvitation {
  const attachment = mail.attachments.find((a) => a.contentType === "text/calendar");
  expect(attachment, `${mail.subject}: a text/calendar attachment`).toBeDefined();
  const raw = attachment!.content.toString("utf8");
  const calendar = new ICAL.Component(ICAL.parse(raw));
  // The zone comes from the file alone: ical.js ships no time zone data.
  for (const vtimezone of calendar.getAllSubcomponents("vtimezone")) ICAL.TimezoneService.register(vtimezone);
  const vevent = calendar.getFirstSubcomponent("vevent")!;
  const event = new ICAL.Event(vevent);
  return {
    raw,
    method: String(calendar.getFirstPropertyValue("method")),
    uid: event.uid,
    sequence: event.sequence,
    status: String(vevent.getFirstPropertyValue("status")),
    start: event.startDate.toJSDate(),
    end: event.endDate.toJSDate(),
    startTzid: vevent.getFirstProperty("dtstart")!.getParameter("tzid") as string | null,
    attendees: vevent.getAllProperties("attendee").map((p) => String(p.getFirstValue()).replace(/^mailto:/i, "")),
    description: event.description,
    summary: event.summary,
    location: event.location,
  };
}

const to = (mail: ParsedMail) => (Array.isArray(mail.to) ? mail.to : [mail.to!]).flatMap((a) => a.value.map((v) => v.address!));

function unregister(zone: string) {
  ICAL.TimezoneService.remove(zone);
}

/**
 * Each case's invitation, found by the UID of the interview it scheduled: deliveries run side by
 * side, so the server's arrival order is not the order the interviews were scheduled in.
 */
async function invitationsFor(interviewIds: number[], mails: ParsedMail[], zone: string): Promise<ParsedInvitation[]> {
  const rows = await getPrisma().interview.findMany({ where: { id: { in: interviewIds } }, select: { id: true, icalUid: true } });
  const uidById = new Map(rows.map((row) => [row.id, row.icalUid]));
  const byUid = new Map(
    mails.map((mail) => {
      unregister(zone);
      const invitation = parseInvitation(mail);
      return [invitation.uid, invitation] as const;
    }),
  );
  return interviewIds.map((id) => {
    const invitation = byUid.get(uidById.get(id)!);
    expect(invitation, `an invitation for interview ${id}`).toBeDefined();
    return invitation!;
  });
}

describe("the invitation's calendar file", () => {
  it("Europe/Berlin on the last Sunday of October: right absolute times on both sides of the change, also in the repeated hour", async () => {
    const from = server.received.length;
    const cases = [
      // Saturday before: summer time (UTC+2).
      { start: "2026-10-24T08:00:00.000Z", end: "2026-10-24T09:00:00.000Z", local: "20261024T100000" },
      // The Sunday itself, after 03:00 summer time became 02:00 winter time (UTC+1).
      { start: "2026-10-25T09:00:00.000Z", end: "2026-10-25T10:00:00.000Z", local: "20261025T100000" },
      // 02:30 local happens twice that night: the second one, written in UTC so it is not read as the first.
      { start: "2026-10-25T01:30:00.000Z", end: "2026-10-25T02:15:00.000Z", local: null },
    ];
    const ids: number[] = [];
    for (const c of cases) {
      ids.push((await scheduleInterview(svc, { candidate_id: candidateId, title: "Technical interview", start_at: c.start, end_at: c.end, time_zone: "Europe/Berlin", interviewer_ids: [panel[0]!.id] })).id);
    }
    const mails = await receivedSince(from);
    expect(mails).toHaveLength(cases.length);
    (await invitationsFor(ids, mails, "Europe/Berlin")).forEach((invitation, i) => {
      expect(invitation.method).toBe("REQUEST");
      expect(invitation.start.toISOString(), `case ${i}`).toBe(cases[i]!.start);
      expect(invitation.end.toISOString(), `case ${i}`).toBe(cases[i]!.end);
      if (cases[i]!.local) {
        expect(invitation.startTzid).toBe("Europe/Berlin");
        expect(invitation.raw).toContain(`DTSTART;TZID=Europe/Berlin:${cases[i]!.local}\r\n`);
      } else {
        expect(invitation.raw).toContain("DTSTART:20261025T013000Z\r\n");
      }
      // The VTIMEZONE states the change itself: 03:00 summer time → +0100.
      expect(invitation.raw).toContain("BEGIN:STANDARD\r\nDTSTART:20261025T030000\r\nTZOFFSETFROM:+0200\r\nTZOFFSETTO:+0100\r\nEND:STANDARD");
    });
  });

  it("America/New_York on the first Sunday of November and in March: right absolute times", async () => {
    const from = server.received.length;
    const cases = [
      { start: "2026-10-31T13:00:00.000Z", end: "2026-10-31T14:00:00.000Z", local: "20261031T090000" },
      { start: "2026-11-01T14:00:00.000Z", end: "2026-11-01T15:30:00.000Z", local: "20261101T090000" },
      { start: "2027-03-14T13:00:00.000Z", end: "2027-03-14T14:00:00.000Z", local: "20270314T090000" },
    ];
    const ids: number[] = [];
    for (const c of cases) {
      ids.push((await scheduleInterview(svc, { candidate_id: candidateId, title: "Onsite", start_at: c.start, end_at: c.end, time_zone: "America/New_York", interviewer_ids: [panel[1]!.id] })).id);
    }
    const mails = await receivedSince(from);
    expect(mails).toHaveLength(cases.length);
    (await invitationsFor(ids, mails, "America/New_York")).forEach((invitation, i) => {
      expect([invitation.start.toISOString(), invitation.end.toISOString()]).toEqual([cases[i]!.start, cases[i]!.end]);
      expect(invitation.raw).toContain(`DTSTART;TZID=America/New_York:${cases[i]!.local}\r\n`);
    });
  });

  it("keeps the UID, raises SEQUENCE on a reschedule, and cancels with METHOD:CANCEL and STATUS:CANCELLED; the candidate's copy has no panel link", async () => {
    const from = server.received.length;
    const interview = await scheduleInterview(svc, {
      candidate_id: candidateId,
      title: "System design, architecture; scaling \\ trade-offs — Zürich café über-long title to fold across lines",
      start_at: "2026-10-25T09:00:00Z",
      end_at: "2026-10-25T10:00:00Z",
      time_zone: "Europe/Berlin",
      location: "Room 4, Berlin; 2nd floor",
      interviewer_ids: panel.map((p) => p.id),
      notify_candidate: true,
    });
    const scheduled = await receivedSince(from);
    expect(scheduled).toHaveLength(3);
    const first = scheduled.map(parseInvitation);
    const uid = first[0]!.uid;
    for (const invitation of first) {
      expect(invitation.uid).toBe(uid);
      expect(invitation.sequence).toBe(0);
      expect(invitation.method).toBe("REQUEST");
      expect(invitation.status).toBe("CONFIRMED");
      expect(invitation.location).toBe("Room 4, Berlin; 2nd floor");
      expect(invitation.summary).toContain("System design, architecture; scaling \\ trade-offs — Zürich café");
      // RFC 5545: CRLF line ends, lines of at most 75 octets.
      for (const line of invitation.raw.split("\r\n")) expect(Buffer.byteLength(line, "utf8"), line).toBeLessThanOrEqual(75);
      expect(invitation.raw.replace(/\r\n/g, "")).not.toContain("\n");
    }
    const candidateMail = scheduled.find((mail) => to(mail).includes(candidateEmail))!;
    const candidateInvitation = parseInvitation(candidateMail);
    expect(candidateInvitation.attendees).toEqual([candidateEmail]);
    expect(candidateInvitation.description).not.toContain("/candidates/");
    expect(candidateMail.text).not.toContain("/candidates/");
    const panelMail = scheduled.find((mail) => to(mail).includes(panel[0]!.email))!;
    expect(parseInvitation(panelMail).attendees.sort()).toEqual([...panel.map((p) => p.email), candidateEmail].sort());
    expect(panelMail.text).toContain(`/candidates/${candidateId}`);
    const organizer = (panelMail.attachments[0]!.content.toString("utf8").match(/ORGANIZER[^\r]*(\r\n [^\r]*)*/)![0]).replace(/\r\n /g, "");
    expect(organizer).toMatch(/^ORGANIZER;CN="Acme, Berlin; R\\D [0-9a-f]{6}":mailto:/);
    expect(panelMail.attachments[0]!.contentType).toBe("text/calendar");

    const rescheduleFrom = server.received.length;
    await updateInterview(svc, { id: interview.id, start_at: "2026-10-26T13:00:00Z", end_at: "2026-10-26T14:00:00Z" });
    const rescheduled = (await receivedSince(rescheduleFrom)).map(parseInvitation);
    expect(rescheduled).toHaveLength(3);
    for (const invitation of rescheduled) {
      expect([invitation.uid, invitation.sequence, invitation.method]).toEqual([uid, 1, "REQUEST"]);
      expect(invitation.start.toISOString()).toBe("2026-10-26T13:00:00.000Z");
    }

    const cancelFrom = server.received.length;
    await cancelInterview(svc, interview.id);
    const canceledMails = await receivedSince(cancelFrom);
    expect(canceledMails.map(to).flat().sort()).toEqual([...panel.map((p) => p.email), candidateEmail].sort());
    for (const mail of canceledMails) {
      const invitation = parseInvitation(mail);
      expect([invitation.uid, invitation.sequence, invitation.method, invitation.status]).toEqual([uid, 2, "CANCEL", "CANCELLED"]);
      expect(mail.subject).toMatch(/^Canceled: /);
    }
    const rows = await getPrisma().emailMessage.findMany({ where: { companyId: svc.companyId }, select: { status: true } });
    expect(rows.every((row) => row.status === "sent")).toBe(true);
  });
});
