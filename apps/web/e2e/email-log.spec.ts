import { readFile } from "node:fs/promises";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { simpleParser } from "mailparser";
import { query } from "./support/db.ts";
import { createApiKey, gotoHydrated } from "./support/page.ts";

/**
 * E-mail without a mail server (the e2e server has no SMTP_URL, like `npm run dev`): the demo owner
 * invites a member by e-mail in Settings → Team and still gets the link; the invitation e-mail is
 * kept in Settings → E-mail log, where it opens with its headers, its HTML body in a sandboxed
 * frame and its text, and downloads as a .eml that parses to the same message.
 */
/**
 * support/axe.ts's audit (WCAG 2.0/2.1 A and AA, nothing serious or critical) in axe's legacy mode:
 * the default mode injects axe into every frame and waits for it forever in the e-mail's frame, which
 * is sandboxed without scripts on purpose. Legacy mode audits the page itself the same way (the
 * frame's own title included) and skips a frame it cannot run in; the e-mail's HTML is the
 * sender's content, not the app's.
 */
async function expectNoSeriousViolationsAroundFrame(page: Page, label: string) {
  await page.waitForLoadState("networkidle").catch(() => {});
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).setLegacyMode(true).analyze();
  const blocking = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  const report = blocking.map((v) => `[${v.impact}] ${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`).join("\n");
  expect(blocking.length, `${label}: serious or critical axe violations\n${report}`).toBe(0);
}

test("invite by e-mail, find the invitation in the e-mail log, open it and download its .eml", async ({ page }) => {
  const email = `e2e-mail-${Date.now()}@example.com`;
  let link = "";

  await test.step("the owner invites a member by e-mail; the link is shown as before", async () => {
    await gotoHydrated(page, "/settings/team");
    await page.getByLabel("E-mail (optional)").fill(email);
    await page.getByRole("button", { name: "Create invitation link" }).click();
    const panel = page.getByTestId("new-invitation");
    await expect(panel).toContainText("it will not be shown again");
    link = await panel.getByLabel("Invitation link").inputValue();
    expect(link).toMatch(/\/invite\/[A-Za-z0-9_-]{43}$/);
  });

  const row = page.getByTestId("email-message").filter({ hasText: email });
  await test.step("Settings → E-mail log lists it, kept in the log once the background job has run", async () => {
    await page.getByRole("navigation", { name: "Settings" }).getByRole("link", { name: "E-mail log" }).click();
    await expect(page.getByRole("heading", { name: "E-mail log", level: 1 })).toBeVisible();
    await expect(row).toContainText("Join Acme on Hireflow");
    // The page is rendered on the server: reload until the job's outcome shows (no fixed wait).
    await expect(async () => {
      await page.reload();
      await expect(row).toContainText("Kept in the log", { timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
  });

  await test.step("the message opens with its headers, HTML body (sandboxed) and text", async () => {
    await row.getByRole("link", { name: "Join Acme on Hireflow" }).click();
    await expect(page.getByRole("heading", { name: "Join Acme on Hireflow", level: 1 })).toBeVisible();
    await expect(page.getByText(email).first()).toBeVisible();
    await expect(page.getByTestId("email-text")).toContainText(link);
    const frame = page.locator("iframe");
    await expect(frame).toHaveAttribute("sandbox", "allow-popups allow-popups-to-escape-sandbox");
    await expect(page.frameLocator("iframe").getByRole("link", { name: "Accept the invitation" })).toHaveAttribute("href", link);
    await expectNoSeriousViolationsAroundFrame(page, "e-mail log, one message");
  });

  await test.step("its .eml downloads and parses to the same message", async () => {
    const downloading = page.waitForEvent("download");
    await page.getByRole("link", { name: "Download .eml" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^email-\d+\.eml$/);
    const parsed = await simpleParser(await readFile(await download.path()));
    expect(parsed.subject).toBe("Join Acme on Hireflow");
    expect((Array.isArray(parsed.to) ? parsed.to[0] : parsed.to)?.value[0]?.address).toBe(email);
    expect(parsed.text).toContain(link);
    expect(parsed.html).toContain(`href="${link}"`);
  });
});

for (const width of [1280, 390]) {
  test(`e-mail log at ${width} px: filter by kind, recipient and words; an interview invitation's .ics downloads on its own`, async ({ page, browser, request }) => {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    const run = `${width}-${Date.now().toString(36)}`;
    const auth = { authorization: `Bearer ${await createApiKey(browser, `E-mail log ${run}`)}` };
    const [candidate] = await query<{ id: number }>(`SELECT c.id FROM candidates c JOIN jobs j ON j.id = c.job_id JOIN job_stages s ON s.job_id = c.job_id AND s.key = c.stage
      WHERE j.title = 'Senior Backend Engineer' AND s.type NOT IN ('hired', 'rejected') ORDER BY c.id LIMIT 1`);
    const [interviewer] = await query<{ id: string; email: string }>("SELECT id, email FROM users WHERE email = 'recruiter@acme.test'");
    const start = new Date(Date.now() + 3 * 86_400_000);
    const title = `Log interview ${run}`;
    const created = await request.post("/api/v1/interviews", {
      headers: auth,
      data: { candidate_id: candidate!.id, title, start_at: start.toISOString(), end_at: new Date(start.getTime() + 3_600_000).toISOString(), time_zone: "UTC", interviewer_ids: [interviewer!.id], notify_candidate: false },
    });
    expect(created.status(), await created.text()).toBe(201);
    const interviewId = ((await created.json()) as { data: { id: number } }).data.id;
    try {
      await gotoHydrated(page, "/settings/email-log");
      await page.getByLabel("Kind").selectOption({ label: "Interview invitation" });
      await page.getByLabel("Recipient").fill(interviewer!.email);
      await page.getByLabel("Search").fill(title);
      await page.getByRole("button", { name: "Filter" }).click();
      await expect(page).toHaveURL(/kind=interview_invitation/);
      const rows = page.getByTestId("email-message");
      await expect(rows).toHaveCount(1);
      await expect(rows.first()).toContainText(interviewer!.email);
      await expect(rows.first()).toContainText("Interview invitation");
      await expectNoSeriousViolationsAroundFrame(page, `e-mail log at ${width} px, filtered`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

      const downloading = page.waitForEvent("download");
      await rows.first().getByRole("link", { name: /\.ics/ }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toBe("invite.ics");
      const ics = await readFile(await download.path(), "utf8");
      expect(ics).toContain("BEGIN:VCALENDAR");
      expect(ics).toContain(title);

      // Another kind finds nothing with the same words.
      await page.getByLabel("Kind").selectOption({ label: "Member invitation" });
      await page.getByRole("button", { name: "Filter" }).click();
      await expect(page.getByText("No e-mails match")).toBeVisible();
      await page.getByRole("link", { name: "Clear filters" }).click();
      await expect(page).toHaveURL(/\/settings\/email-log$/);
    } finally {
      expect((await request.delete(`/api/v1/interviews/${interviewId}`, { headers: auth })).ok()).toBe(true);
    }
  });
}
