import { readFile } from "node:fs/promises";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { simpleParser } from "mailparser";
import { gotoHydrated } from "./support/page.ts";

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
