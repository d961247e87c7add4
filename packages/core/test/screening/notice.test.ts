import { describe, expect, it } from "vitest";
import { isContact, updateCompanyScreeningSettingsInput } from "../../src/modules/screening/contract/screening-notice.ts";
import { addBusinessDays, holdBackUntil } from "../../src/kernel/business-days.ts";
import { noticeIsUp, qualificationWords, retentionWords, screeningNotice } from "../../src/modules/screening/notice.ts";

/** The AI screening notice's words and the hold-back's business days (issue 25 §3). */
describe("business days (Mon–Fri, UTC)", () => {
  it("10 business days from a Monday is the Monday two weeks later; weekends are skipped", () => {
    expect(addBusinessDays(new Date("2026-11-23T09:00:00Z"), 10).toISOString()).toBe("2026-12-07T09:00:00.000Z");
    // Friday + 1 business day = Monday.
    expect(addBusinessDays(new Date("2026-11-27T15:00:00Z"), 1).toISOString()).toBe("2026-11-30T15:00:00.000Z");
    // A notice posted on a Saturday: the first business day is Monday.
    expect(addBusinessDays(new Date("2026-11-28T10:00:00Z"), 1).toISOString()).toBe("2026-11-30T10:00:00.000Z");
    expect(addBusinessDays(new Date("2026-11-23T09:00:00Z"), 0).toISOString()).toBe("2026-11-23T09:00:00.000Z");
  });

  it("no hold-back at 0 days; held back for good while no notice went up", () => {
    expect(holdBackUntil(new Date("2026-11-23T09:00:00Z"), 0)).toBeNull();
    expect(holdBackUntil(null, 0)).toBeNull();
    expect(holdBackUntil(null, 10)!.getTime()).toBeGreaterThan(Date.parse("9999-01-01"));
    expect(holdBackUntil(new Date("2026-11-23T09:00:00Z"), 5)!.toISOString()).toBe("2026-11-30T09:00:00.000Z");
  });
});

describe("the notice", () => {
  const questions = [{ id: "eu_work", label: "May you work in the EU?", type: "yes_no" as const, required: true }];
  const base = { question_id: null, accepted: null, required: false, weight: 1 };

  it("says each criterion in words, required ones marked", () => {
    expect(qualificationWords({ ...base, id: "go", type: "skill", value: "Go", required: true }, questions)).toBe("Experience with Go (required)");
    expect(qualificationWords({ ...base, id: "y", type: "min_years", value: 5 }, questions)).toBe("At least 5 years of work experience");
    expect(qualificationWords({ ...base, id: "l", type: "location", value: null }, questions)).toBe("Where you are based, compared with the job's locations");
    expect(qualificationWords({ ...base, id: "a", type: "answer", value: null, question_id: "eu_work", accepted: ["yes"] }, questions)).toBe('Your answer to "May you work in the EU?"');
    expect(qualificationWords({ ...base, id: "t", type: "text", value: "Has led a team" }, questions)).toBe("Has led a team");
  });

  it("retention from the company's rule", () => {
    expect(retentionWords({ retentionMonths: null, retentionScope: "rejected" })).toMatch(/until you ask/);
    expect(retentionWords({ retentionMonths: 24, retentionScope: "rejected" })).toBe(
      "Your application and the tool's assessment are erased 24 months after the last activity on them if your application is declined, or sooner when you ask.",
    );
    expect(retentionWords({ retentionMonths: 6, retentionScope: "not_hired" })).toMatch(/6 months .* unless you are hired/);
  });

  it("none while screening is off; with it on, criteria, data, retention and the contact", () => {
    const company = { retentionMonths: 12, retentionScope: "rejected" as const, screeningContact: "jobs@example.com" };
    expect(screeningNotice({ screening: { mode: "off" }, screeningQuestions: [], screeningNoticeAt: null }, company)).toBeNull();
    const notice = screeningNotice(
      { screening: { mode: "score", criteria: [{ ...base, id: "go", type: "skill", value: "Go" }] }, screeningQuestions: questions, screeningNoticeAt: new Date("2026-11-23T09:00:00Z") },
      company,
    );
    expect(notice).toMatchObject({ qualifications: ["Experience with Go"], contact: "jobs@example.com", posted_at: "2026-11-23T09:00:00.000Z" });
    expect(notice!.data_used).toMatch(/resume/);
    expect(notice!.data_used).toMatch(/Not your voluntary self-identification/);
  });

  it("is up only for an active, public, open job with screening on", () => {
    const open = { isActive: true, isPublic: true, closesAt: null, screening: { mode: "auto" } };
    expect(noticeIsUp(open)).toBe(true);
    expect(noticeIsUp({ ...open, screening: { mode: "off" } })).toBe(false);
    expect(noticeIsUp({ ...open, isPublic: false })).toBe(false);
    expect(noticeIsUp({ ...open, isActive: false })).toBe(false);
    expect(noticeIsUp({ ...open, closesAt: new Date(Date.now() - 1000) })).toBe(false);
  });

  it("the contact is an e-mail or an http(s) URL; the hold-back 0..60", () => {
    expect(isContact("jobs@example.com")).toBe(true);
    expect(isContact("https://example.com/accommodations")).toBe(true);
    expect(isContact("javascript:alert(1)")).toBe(false);
    expect(isContact("call us")).toBe(false);
    expect(updateCompanyScreeningSettingsInput.safeParse({ hold_back_business_days: 61 }).success).toBe(false);
    expect(updateCompanyScreeningSettingsInput.safeParse({ hold_back_business_days: 10, notice_contact: null, ai_agent_paused: true }).success).toBe(true);
  });
});
