import { randomBytes } from "node:crypto";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { expectNoSeriousViolations } from "./support/axe.ts";
import { candidateIdByEmail, query } from "./support/db.ts";
import { gotoHydrated } from "./support/page.ts";

/**
 * Scorecards in the web app (issue 26 §3–4): the demo interviewer (interviewer@acme.test) signs in,
 * lands on My interviews with the seeded interview of Lena Fischer whose scorecard is due, submits it
 * on the candidate page (a rating per attribute of the kit, a recommendation, notes), and the admin
 * then sees the summary and the scorecard on the same page. Every page on the way is axe-clean.
 */
const CANDIDATE = "lena.fischer@example.com";

async function signInAsInterviewer(browser: Browser): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  await gotoHydrated(page, "/sign-in");
  await page.getByLabel("E-mail").fill("interviewer@acme.test");
  await page.getByLabel("Password").fill("hireflow-demo");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/my-interviews$/);
  return { page, close: () => context.close() };
}

test("the demo interviewer submits a scorecard for a demo candidate; the admin sees the summary", async ({ browser, page }) => {
  const candidateId = await candidateIdByEmail(CANDIDATE);
  // The seeded interview that is over (its scorecard due); a rerun edits the scorecard it submitted.
  const [due] = await query<{ id: number }>(
    `SELECT i.id FROM interviews i JOIN interview_interviewers p ON p.interview_id = i.id JOIN users u ON u.id = p.user_id
      WHERE u.email = 'interviewer@acme.test' AND i.candidate_id = $1 AND i.end_at < now() AND i.status = 'scheduled' ORDER BY i.id LIMIT 1`,
    [candidateId],
  );
  expect(due, "the demo data has an interview of the demo interviewer that is over").toBeDefined();
  const notes = `Clear trade-offs on the retry design ${randomBytes(3).toString("hex")}`;
  const interviewer = await signInAsInterviewer(browser);
  try {
    const me = interviewer.page;
    await test.step("My interviews lists the interview; the navigation shows only it", async () => {
      await expect(me.getByRole("heading", { name: "My interviews", level: 1 })).toBeVisible();
      await expect(me.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Jobs" })).toHaveCount(0);
      const lists = me.getByTestId("scorecards-due-list").or(me.getByTestId("upcoming-interviews"));
      await expect(lists.first()).toContainText("Lena Fischer");
      await expectNoSeriousViolations(me, "my interviews");
    });

    await test.step("the candidate page: the scorecard form, the others' scorecards held back", async () => {
      await gotoHydrated(me, `/candidates/${candidateId}`);
      await expect(me.getByRole("heading", { name: "Lena Fischer", level: 1 })).toBeVisible();
      // Nothing to move, note or schedule for an interviewer.
      await expect(me.getByRole("button", { name: "Schedule interview" })).toHaveCount(0);
      const form = me.getByTestId("scorecard-form").filter({ hasText: "Onsite: system design" }).first();
      await expect(form).toBeVisible();
      await form.getByRole("group", { name: "System design" }).getByLabel("Strong yes").check();
      await form.getByRole("group", { name: "Communication" }).getByLabel("Yes", { exact: true }).check();
      await form.getByLabel("Overall recommendation").selectOption("yes");
      await form.getByLabel("Notes").fill(notes);
      await expectNoSeriousViolations(me, "candidate page, scorecard form");
      await form.getByRole("button", { name: /Submit scorecard|Save changes/ }).click();
      await expect(me.getByTestId("scorecard").filter({ hasText: notes })).toBeVisible();
      await expect(me.getByTestId("scorecard-summary")).toContainText("System design");
      await expectNoSeriousViolations(me, "candidate page, scorecard submitted");
    });
  } finally {
    await interviewer.close();
  }

  await test.step("the admin sees the summary and the interviewer's scorecard", async () => {
    await gotoHydrated(page, `/candidates/${candidateId}`);
    const summary = page.getByTestId("scorecard-summary");
    await expect(summary).toContainText("Recommendations:");
    const designRow = summary.getByRole("row", { name: /System design/ });
    await expect(designRow).toBeVisible();
    const card = page.getByTestId("scorecard").filter({ hasText: notes });
    await expect(card).toContainText("Ines Interviewer");
    await expect(card).toContainText("Strong yes");
    await expect(page.getByText(/Scorecard (submitted|edited): Onsite: system design/).first()).toBeVisible();
    await expectNoSeriousViolations(page, "candidate page, scorecard summary");
  });
});
