import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { expectNoSeriousViolations } from "./support/axe.ts";
import { jobIdByTitle, query } from "./support/db.ts";
import { createApiKey, gotoHydrated } from "./support/page.ts";

/**
 * Candidate e-mails (#27 §4) without a mail server (the e2e server has no SMTP_URL): the owner edits
 * the rejection template in Settings → E-mail and watches the live preview follow; an unknown
 * placeholder is refused by name; then rejects a candidate on the board with "Send the rejection
 * e-mail" (delay 0) and finds the e-mail — with the new subject — kept in Settings → E-mail log.
 */
const tag = () => randomBytes(8).toString("hex").replace(/\d/g, (d) => "ghijklmnop"[Number(d)]!).slice(0, 8);

test("edit the rejection template with a live preview, reject on the board with the e-mail, find it in the e-mail log", async ({ page, browser, request }) => {
  const run = tag();
  const subject = `Thanks {{candidate_first_name}} from {{company_name}} ${run}`;

  await test.step("Settings → E-mail: the preview follows the template; axe finds nothing serious", async () => {
    await gotoHydrated(page, "/settings/email");
    await expectNoSeriousViolations(page, "Settings → E-mail");
    const field = page.getByLabel("Subject", { exact: true }).nth(1);
    await field.fill(subject);
    await expect(page.getByTestId("email-rejection-preview-subject")).toHaveText(`Thanks Alex from Acme ${run}`);
    const body = page.getByLabel("Text", { exact: true }).nth(1);
    await body.fill("Dear {{candidate_name}},\n\n<b>not bold</b> — {{candidate_nmae}}");
    await expect(page.getByTestId("email-rejection-preview-text")).toContainText("<b>not bold</b>");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.locator("#email-rejection-body-error")).toContainText("Unknown placeholder {{candidate_nmae}}");
    await body.fill("Dear {{candidate_name}},\n\nthank you for your time. We decided not to go further.");
    await expect(page.getByTestId("email-rejection-preview-text")).toContainText("Dear Alex Morgan,");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Saved. E-mails queued from now on use these settings.")).toBeVisible();
    await expectNoSeriousViolations(page, "Settings → E-mail after saving");
  });

  const jobId = await jobIdByTitle("Senior Backend Engineer");
  const [rejected] = await query<{ key: string }>("SELECT key FROM job_stages WHERE job_id = $1 AND type = 'rejected' ORDER BY position LIMIT 1", [jobId]);
  const name = `Rene ${run}`;
  const email = `e2e-reject-${run}@example.com`;
  const key = await createApiKey(browser, `Candidate e-mails ${run}`);
  const created = await request.post("/api/v1/candidates", { headers: { authorization: `Bearer ${key}` }, data: { job_id: jobId, name, email } });
  expect(created.ok(), await created.text()).toBe(true);
  const candidateId = ((await created.json()) as { data: { id: number } }).data.id;

  await test.step("reject on the board with the rejection e-mail, delay 0", async () => {
    await gotoHydrated(page, `/jobs/${jobId}`);
    await page.getByLabel(`Move ${name} to stage`).selectOption(rejected!.key);
    const dialog = page.getByRole("dialog", { name: `Reject ${name}?` });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel("Reason").selectOption({ index: 1 });
    await dialog.getByLabel("Send the rejection e-mail").check();
    await dialog.getByLabel("Send after (minutes)").fill("0");
    await dialog.getByRole("button", { name: "Reject" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.locator(`section[data-stage="${rejected!.key}"]`).getByTestId(`card-${candidateId}`)).toBeVisible();
  });

  await test.step("the e-mail is in Settings → E-mail log, kept there once the background job ran", async () => {
    await expect
      .poll(async () => (await query<{ status: string }>("SELECT status FROM email_messages WHERE candidate_id = $1 AND kind = 'rejection'", [candidateId])).map((r) => r.status), {
        timeout: 30_000,
      })
      .toEqual(["stored"]);
    await gotoHydrated(page, "/settings/email-log");
    const row = page.getByTestId("email-message").filter({ hasText: email });
    await expect(row).toContainText(`Thanks Rene from Acme ${run}`);
    await expect(row).toContainText("Kept in the log");
  });

  await test.step("the candidate's timeline shows the e-mail", async () => {
    await gotoHydrated(page, `/candidates/${candidateId}`);
    await expect(page.getByTestId("activity-email").first()).toContainText("Rejection e-mail");
  });
});
