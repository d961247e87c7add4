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
    // Flagged in the preview while typing (#43 §13): marked where it stands, and said in plain words.
    await expect(page.getByTestId("email-rejection-preview-text").getByTestId("unknown-placeholder")).toHaveText("{{candidate_nmae}}");
    await expect(page.getByTestId("email-rejection-preview-problems")).toContainText("Text: Uses {{candidate_nmae}}, which Hireflow doesn't know. Known: {{candidate_name}}");
    await expectNoSeriousViolations(page, "Settings → E-mail with an unknown placeholder in the preview");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.locator("#email-rejection-body-error")).toContainText("Uses {{candidate_nmae}}, which Hireflow doesn't know. Known: {{candidate_name}}");
    await expect(page.getByTestId("email-settings-errors")).toContainText("The rejection e-mail's body uses {{candidate_nmae}}, which Hireflow doesn't know. Known: {{candidate_name}}, {{candidate_first_name}}");
    await expect(page.getByTestId("email-settings-errors")).not.toContainText("rejection.body");
    await body.fill("Dear {{candidate_name}},\n\nthank you for your time. We decided not to go further.");
    await expect(page.getByTestId("email-rejection-preview-text")).toContainText("Dear Alex Morgan,");
    await expect(page.getByTestId("email-rejection-preview-problems")).toHaveCount(0);
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

test("at 390 px: another e-mail's placeholder is marked in the preview, axe-clean and no wider than the phone", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await gotoHydrated(page, "/settings/email");
  const subject = page.getByLabel("Subject", { exact: true }).first();
  const before = await subject.inputValue();
  // Typed only, never saved: the application e-mail cannot fill {{reject_reason}}.
  await subject.fill("About {{reject_reason}}");
  await expect(page.getByTestId("email-application-received-preview-subject").getByTestId("unknown-placeholder")).toHaveText("{{reject_reason}}");
  await expect(page.getByTestId("email-application-received-preview-problems")).toContainText("Subject: Uses {{reject_reason}}, which this e-mail cannot fill.");
  await expectNoSeriousViolations(page, "Settings → E-mail at 390 px with a marked placeholder");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await subject.fill(before);
  await expect(page.getByTestId("email-application-received-preview-problems")).toHaveCount(0);
});

/** localSendTime (lib/move-feedback.ts) for a zone: "14:35", or "Mon 30 Nov at 14:35" when not today there. */
function sendTimeIn(timeZone: string, at: Date): string {
  const time = new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone }).format(at);
  const day = (d: Date) => new Intl.DateTimeFormat("en-GB", { weekday: "short", day: "numeric", month: "short", timeZone }).format(d);
  return day(at) === day(new Date()) ? time : `${day(at)} at ${time}`;
}

test.describe("a delayed rejection e-mail (#43 §12, §14)", () => {
  // Half an hour off UTC: a time shown in UTC (the server's) cannot pass for the member's.
  const zone = "Asia/Kolkata";
  test.use({ timezoneId: zone });

  test("the board opens the reject dialog ready, says when the e-mail goes, shows the reason; the candidate page cancels one and sends one now, at 1280 and 390 px", async ({ page, browser, request }) => {
    test.setTimeout(120_000);
    const run = tag();
    const jobId = await jobIdByTitle("Senior Backend Engineer");
    const key = await createApiKey(browser, `Delayed rejection ${run}`);
    const create = async (name: string) => {
      const res = await request.post("/api/v1/candidates", { headers: { authorization: `Bearer ${key}` }, data: { job_id: jobId, name, email: `e2e-delay-${run}-${name.split(" ")[0]!.toLowerCase()}@example.com` } });
      expect(res.ok(), await res.text()).toBe(true);
      return ((await res.json()) as { data: { id: number } }).data.id;
    };
    const first = { name: `Dana ${run}`, id: await create(`Dana ${run}`) };
    const second = { name: `Eli ${run}`, id: await create(`Eli ${run}`) };
    const sendAfter = async (candidateId: number) =>
      (await query<{ send_after: Date }>("SELECT send_after FROM email_messages WHERE candidate_id = $1 AND kind = 'rejection' ORDER BY id DESC LIMIT 1", [candidateId]))[0]!.send_after;
    const statusOf = async (candidateId: number) => (await query<{ status: string }>("SELECT status FROM email_messages WHERE candidate_id = $1 AND kind = 'rejection'", [candidateId])).map((r) => r.status);

    await test.step("board: the reject dialog opens with the reasons (loaded with the board, no request of its own)", async () => {
      const reasonRequests: string[] = [];
      page.on("request", (req) => {
        if (req.url().includes("rejectReasons.list")) reasonRequests.push(req.url());
      });
      await gotoHydrated(page, `/jobs/${jobId}`);
      await page.getByLabel(`Move ${first.name} to stage`).selectOption("rejected");
      const dialog = page.getByRole("dialog", { name: `Reject ${first.name}?` });
      await expect(dialog.getByLabel("Reason")).toBeFocused();
      await expect(dialog.getByText("Loading the reasons…")).toHaveCount(0);
      expect(reasonRequests).toEqual([]);
      await dialog.getByLabel("Reason").selectOption({ label: "Position filled" });
      await dialog.getByLabel("Send the rejection e-mail").check();
      await dialog.getByLabel("Send after (minutes)").fill("90");
      await dialog.getByRole("button", { name: "Reject" }).click();
      await expect(dialog).toBeHidden();
    });

    await test.step("the move says when the e-mail goes, in the member's time; the card shows the reason", async () => {
      await expect.poll(() => statusOf(first.id)).toEqual(["scheduled"]);
      const at = sendTimeIn(zone, await sendAfter(first.id));
      await expect(page.getByTestId("flash")).toContainText(`Moved 1 candidate to Rejected. The rejection e-mail goes out at ${at}.`);
      const card = page.locator('section[data-stage="rejected"]').getByTestId(`card-${first.id}`);
      await expect(card.getByTestId("card-reject-reason")).toHaveText("Reason: Position filled");
      await expectNoSeriousViolations(page, "board with a rejected card's reason and the e-mail's time");
    });

    for (const width of [1280, 390]) {
      const candidate = width === 1280 ? first : second;
      await test.step(`candidate page at ${width} px: the scheduled e-mail, then ${width === 1280 ? "Cancel" : "Send now"}`, async () => {
        await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
        if (candidate === second) {
          // Rejected from the candidate page's own stage menu this time.
          await gotoHydrated(page, `/candidates/${second.id}`);
          await page.getByLabel(`Stage of ${second.name}`).selectOption("rejected");
          const dialog = page.getByRole("dialog", { name: `Reject ${second.name}?` });
          await dialog.getByLabel("Reason").selectOption({ label: "Position filled" });
          await dialog.getByLabel("Send the rejection e-mail").check();
          await dialog.getByLabel("Send after (minutes)").fill("45");
          await dialog.getByRole("button", { name: "Reject" }).click();
          await expect.poll(() => statusOf(second.id)).toEqual(["scheduled"]);
          await expect(page.getByTestId("flash")).toContainText(`The rejection e-mail goes out at ${sendTimeIn(zone, await sendAfter(second.id))}.`);
        } else {
          await gotoHydrated(page, `/candidates/${first.id}`);
        }
        const section = page.getByRole("region", { name: "Rejection e-mail scheduled" });
        await expect(section).toContainText(`goes out at ${sendTimeIn(zone, await sendAfter(candidate.id))} (your time)`);
        await expectNoSeriousViolations(page, `candidate page at ${width} px with a scheduled rejection e-mail`);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        if (candidate === first) {
          await section.getByRole("button", { name: "Cancel the e-mail" }).click();
          await expect(page.getByTestId("flash")).toContainText("Rejection e-mail canceled: it will not be sent.");
          await expect(section).toBeHidden();
          expect(await statusOf(first.id)).toEqual(["canceled"]);
        } else {
          await section.getByRole("button", { name: "Send now" }).click();
          const confirm = page.getByRole("dialog", { name: "Send the rejection e-mail now?" });
          await expectNoSeriousViolations(page, `candidate page at ${width} px: confirm sending the rejection e-mail now`);
          await confirm.getByRole("button", { name: "Send now" }).click();
          await expect(page.getByTestId("flash")).toContainText("Rejection e-mail sent now.");
          await expect(section).toBeHidden();
          // Kept in the log once the background job ran (the e2e server has no SMTP_URL).
          await expect.poll(() => statusOf(second.id), { timeout: 30_000 }).toEqual(["stored"]);
        }
      });
    }
  });
});
