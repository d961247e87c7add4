import { randomBytes } from "node:crypto";
import { getPrisma } from "@hireflow/db";
import { addJob, createTestCompany, type TestCompany } from "./fixtures.ts";

/**
 * Offers with fixed timestamps for the offers report's tests (issue 41 §5), inserted with Prisma
 * directly: one candidate per offer (a candidate holds one open offer at a time), applied at
 * `applied`, the offer in `status` with the timestamps its answer sets. March 2026 (UTC) is the
 * range the tests read; the expected numbers are worked out beside each row and in OFFER_REPORT_MARCH.
 */
type Status = "draft" | "sent" | "accepted" | "declined" | "expired" | "withdrawn";

interface SeededOffer {
  key: string;
  job: "one" | "two";
  applied: string;
  status: Status;
  sent?: string;
  /** When it was accepted, declined, expired or withdrawn (by `status`). */
  at?: string;
}

export const OFFER_HISTORY: SeededOffer[] = [
  // Job one ("Software Engineer"). Accepted in March: o1 32.5 days, o2 10 days, o7 61 days.
  { key: "o1", job: "one", applied: "2026-02-01T00:00:00Z", status: "accepted", sent: "2026-03-02T10:00:00Z", at: "2026-03-05T12:00:00Z" },
  { key: "o2", job: "one", applied: "2026-03-01T00:00:00Z", status: "accepted", sent: "2026-03-10T09:00:00Z", at: "2026-03-11T00:00:00Z" },
  { key: "o3", job: "one", applied: "2026-02-20T00:00:00Z", status: "declined", sent: "2026-03-12T09:00:00Z", at: "2026-03-14T09:00:00Z" },
  { key: "o4", job: "one", applied: "2026-02-21T00:00:00Z", status: "expired", sent: "2026-03-15T09:00:00Z", at: "2026-03-22T09:00:00Z" },
  { key: "o5", job: "one", applied: "2026-02-22T00:00:00Z", status: "withdrawn", sent: "2026-03-16T09:00:00Z", at: "2026-03-17T09:00:00Z" },
  { key: "o6", job: "one", applied: "2026-02-23T00:00:00Z", status: "sent", sent: "2026-03-20T09:00:00Z" },
  // Sent in February, accepted in March: a hire of the range, not an offer sent in it.
  { key: "o7", job: "one", applied: "2026-01-01T00:00:00Z", status: "accepted", sent: "2026-02-20T09:00:00Z", at: "2026-03-03T00:00:00Z" },
  // Sent in March, accepted in April: sent and accepted, but no hire of the range.
  { key: "o8", job: "one", applied: "2026-02-24T00:00:00Z", status: "accepted", sent: "2026-03-28T09:00:00Z", at: "2026-04-02T09:00:00Z" },
  // Never sent: a draft, and one withdrawn before sending.
  { key: "o9", job: "one", applied: "2026-02-25T00:00:00Z", status: "draft" },
  { key: "o10", job: "one", applied: "2026-02-26T00:00:00Z", status: "withdrawn", at: "2026-03-18T09:00:00Z" },
  // Sent in February, declined in March: neither.
  { key: "o11", job: "one", applied: "2026-01-15T00:00:00Z", status: "declined", sent: "2026-02-25T09:00:00Z", at: "2026-03-02T09:00:00Z" },
  // Job two ("Designer"). Accepted in March: t1 7.5 days.
  { key: "t1", job: "two", applied: "2026-03-01T12:00:00Z", status: "accepted", sent: "2026-03-08T09:00:00Z", at: "2026-03-09T00:00:00Z" },
  { key: "t2", job: "two", applied: "2026-03-02T00:00:00Z", status: "declined", sent: "2026-03-09T09:00:00Z", at: "2026-03-10T09:00:00Z" },
  { key: "t3", job: "two", applied: "2026-03-03T00:00:00Z", status: "declined", sent: "2026-03-10T09:00:00Z", at: "2026-03-12T09:00:00Z" },
  { key: "t4", job: "two", applied: "2026-03-04T00:00:00Z", status: "expired", sent: "2026-03-11T09:00:00Z", at: "2026-03-18T09:00:00Z" },
  // 23:30 UTC on the 31st: April 1st in Berlin (CEST), so out of March there.
  { key: "t5", job: "two", applied: "2026-03-05T00:00:00Z", status: "sent", sent: "2026-03-31T23:30:00Z" },
];

export const MARCH = { from: "2026-03-01", to: "2026-03-31" };

/** The March (UTC) report of OFFER_HISTORY, without the job ids. */
export const OFFER_REPORT_MARCH = {
  // Sent: o1–o6, o8, t1–t5. Rate 4 / (4 + 3 + 2). Hires 7.5, 10, 32.5, 61.
  overall: { sent: 12, accepted: 4, declined: 3, expired: 2, withdrawn: 1, open: 2, acceptance_rate: 4 / 9, hires: 4, median_days: 21.25, p75_days: 39.63, p90_days: 52.45 },
  one: { title: "Software Engineer", sent: 7, accepted: 3, declined: 1, expired: 1, withdrawn: 1, open: 1, acceptance_rate: 0.6, hires: 3, median_days: 32.5, p75_days: 46.75, p90_days: 55.3 },
  two: { title: "Designer", sent: 5, accepted: 1, declined: 2, expired: 1, withdrawn: 0, open: 1, acceptance_rate: 0.25, hires: 1, median_days: 7.5, p75_days: 7.5, p90_days: 7.5 },
};

export type OfferReportCompany = TestCompany & { jobTwo: number; offers: Record<string, number> };

/** A company with job one (createTestCompany's) and job two ("Designer"), and OFFER_HISTORY's offers in them. */
export async function seedOfferReportCompany(): Promise<OfferReportCompany> {
  const prisma = getPrisma();
  const co = await createTestCompany();
  const jobTwo = await addJob(co, { title: "Designer" });
  const offers: Record<string, number> = {};
  for (const o of OFFER_HISTORY) {
    const jobId = o.job === "one" ? co.jobId : jobTwo;
    const candidate = await prisma.candidate.create({
      data: { companyId: co.id, jobId, name: `Offer ${o.key}`, email: `${o.key}-${randomBytes(4).toString("hex")}@example.com`, stage: "inprogress", applicationSource: "manual", createdAt: new Date(o.applied) },
    });
    const at = o.at ? new Date(o.at) : null;
    const row = await prisma.offer.create({
      data: {
        companyId: co.id,
        candidateId: candidate.id,
        jobId,
        status: o.status,
        startDate: new Date("2026-05-01T00:00:00Z"),
        jobTitle: o.job === "one" ? "Software Engineer" : "Designer",
        salaryAmount: 90_000,
        salaryCurrency: "EUR",
        salaryPeriod: "year",
        sentAt: o.sent ? new Date(o.sent) : null,
        acceptedAt: o.status === "accepted" ? at : null,
        declinedAt: o.status === "declined" ? at : null,
        expiredAt: o.status === "expired" ? at : null,
        withdrawnAt: o.status === "withdrawn" ? at : null,
        createdAt: new Date(o.sent ?? o.applied),
      },
    });
    offers[o.key] = row.id;
  }
  return { ...co, jobTwo, offers };
}
