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
    // This job has AI screening: the self-identification note names the tool.
    await expect(page.getByRole("group", { name: "Voluntary self-identification (optional)" })).toHaveAccessibleDescription(/not seen by the people or the automated tool that review it/);
    await page.getByLabel("I ask that a person, not the automated tool, reviews my application").check();
    await page.getByRole("button", { name: "Submit application" }).click();
    await expect(page.getByTestId("application-received")).toBeVisible();
    // The thank-you acknowledges the request and says the confirmation e-mail is on its way (#43 §19).
    await expect(page.getByTestId("opt-out-acknowledged")).toHaveText("As you asked, a person, not the automated tool, will review your application: the tool will not assess it.");
    await expect(page.getByTestId("confirmation-email")).toHaveText(`A confirmation e-mail is on its way to ${email}.`);
    await expectNoSeriousViolations(page, "careers thank-you after asking for a person");
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

for (const width of [1280, 390]) {
  test(`at ${width} px, a job without AI screening: no word of an automated tool, and the thank-you says the e-mail is on its way`, async ({ page }) => {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    const [job] = await query<{ id: number }>(
      "SELECT j.id FROM jobs j JOIN companies c ON c.id = j.company_id WHERE c.slug = 'acme' AND j.is_active AND j.is_public AND coalesce(j.screening->>'mode', 'off') = 'off' AND j.title = 'Product Designer' LIMIT 1",
    );
    expect(job, "the demo's Product Designer has no AI screening").toBeDefined();
    await gotoHydrated(page, `/careers/acme/jobs/${job!.id}`);
    await expect(page.getByRole("region", { name: "How applications are assessed" })).toHaveCount(0);
    await expect(page.getByLabel("I ask that a person, not the automated tool, reviews my application")).toHaveCount(0);
    const selfId = page.getByRole("group", { name: "Voluntary self-identification (optional)" });
    await expect(selfId).toHaveAccessibleDescription(/not seen by the people that review it/);
    await expect(page.getByText("automated tool")).toHaveCount(0);
    const email = `no-tool.${randomBytes(3).toString("hex")}@example.com`;
    await page.getByLabel("Full name").fill("Noa Tool");
    await page.getByLabel("E-mail").fill(email);
    await page.getByRole("button", { name: "Submit application" }).click();
    await expect(page.getByTestId("application-received")).toBeFocused();
    await expect(page.getByTestId("confirmation-email")).toHaveText(`A confirmation e-mail is on its way to ${email}.`);
    await expect(page.getByTestId("opt-out-acknowledged")).toHaveCount(0);
    await expectNoSeriousViolations(page, `careers thank-you at ${width} px, a job without AI screening`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    // The application-received e-mail really is on its way.
    await expect.poll(async () => (await query("SELECT id FROM email_messages WHERE kind = 'application_received' AND $1 = ANY(to_addresses)", [email])).length).toBe(1);
  });
}

test("one wording for the job setting that lets the agent reject, wherever it is named", async ({ page }) => {
  const wording = "Reject candidates who miss a required criterion";
  const jobId = await jobIdByTitle("Senior Backend Engineer");
  await gotoHydrated(page, `/jobs/${jobId}/edit`);
  await expect(page.getByRole("checkbox", { name: wording, exact: true })).toBeAttached();
  await gotoHydrated(page, "/settings/ai-screening");
  await expect(page.getByText(`“${wording}” in the job's AI screening`)).toBeVisible();
  for (const variant of ["missed required criterion", "misses a required criterion"]) await expect(page.getByText(variant)).toHaveCount(0);
});
