import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { expectNoSeriousViolations } from "./support/axe.ts";
import { candidateIdByEmail, jobIdByTitle, query } from "./support/db.ts";
import { gotoHydrated } from "./support/page.ts";

/**
 * Issue 25 §3 in the browser: the demo job (AI screening on) shows the notice on its careers page
 * and offers the alternative process; an applicant who ticks "a person, not the automated tool" is
 * never scored, and the board and the candidate page say so. Axe-clean throughout.
 */
test("the notice, the opt-out box, and the marker on the board and the candidate page", async ({ page }) => {
  test.setTimeout(120_000);
  const jobId = await jobIdByTitle("Senior Backend Engineer");
  const email = `person-review.${randomBytes(3).toString("hex")}@example.com`;

  await test.step("the careers page says an automated tool assesses applications, what it looks at, and how to ask for a person", async () => {
    await gotoHydrated(page, `/careers/acme/jobs/${jobId}`);
    const notice = page.getByRole("region", { name: "How applications are assessed" });
    await expect(notice).toContainText("uses an automated tool to assess applications");
    await expect(notice).toContainText("What it looks at");
    await expect(notice.getByRole("listitem").first()).toBeVisible();
    await expect(notice).toContainText("What data it uses");
    await expect(notice).toContainText("How long it is kept");
    await expectNoSeriousViolations(page, "careers job page with the screening notice");
  });

  await test.step("apply with the box ticked", async () => {
    await page.getByLabel("Full name").fill("Person Review");
    await page.getByLabel("E-mail").fill(email);
    await page.getByRole("radio", { name: "Yes" }).check();
    await page.getByLabel("I ask that a person, not the automated tool, reviews my application").check();
    await page.getByRole("button", { name: "Submit application" }).click();
    await expect(page.getByTestId("application-received")).toBeVisible();
  });

  const candidateId = await candidateIdByEmail(email);
  const [row] = await query<{ ai_opt_out: boolean; fit_status: string | null }>("SELECT ai_opt_out, fit_status::text FROM candidates WHERE id = $1", [candidateId]);
  expect(row).toEqual({ ai_opt_out: true, fit_status: "opted_out" });

  await test.step("the board marks the card", async () => {
    await page.goto(`/jobs/${jobId}`);
    const card = page.getByTestId(`card-${candidateId}`);
    await expect(card).toContainText("Person review");
    await expectNoSeriousViolations(page, "board with an opted-out candidate");
  });

  await test.step("the candidate page says the agent never scores or moves them", async () => {
    await gotoHydrated(page, `/candidates/${candidateId}`);
    await expect(page.getByTestId("ai-opt-out")).toContainText("a person, not the automated tool");
    await expectNoSeriousViolations(page, "candidate page of an opted-out candidate");
  });
  expect(await query("SELECT id FROM screening_runs WHERE candidate_id = $1", [candidateId])).toEqual([]);
});
