import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { expectNoSeriousViolations } from "./support/axe.ts";
import { adminUserId, query } from "./support/db.ts";
import { createApiKey, gotoHydrated } from "./support/page.ts";
import { saveScreenshot } from "./support/screenshots.ts";

/**
 * Settings → Team and Settings → Audit log in the browser: the demo owner invites a recruiter, the
 * invitee opens the link in a browser of their own, sets a password and lands signed in — without
 * settings (no link, and every settings page sends them to the jobs); the owner then finds the
 * invitation and the join in the audit log and downloads it as CSV.
 */
test("invite a recruiter, who joins without settings; the audit log shows it and downloads as CSV", async ({ page, browser, baseURL }) => {
  const email = `e2e-recruiter-${Date.now()}@example.com`;
  // Unique per run, so that a repeated run finds this member's own role menu.
  const memberName = `Erin E2E ${Date.now().toString(36)}`;

  await test.step("the owner creates an invitation link for a recruiter", async () => {
    await page.goto("/settings/team");
    await expect(page.getByRole("heading", { name: "Team", level: 1 })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Settings" }).getByRole("link", { name: "Team" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByTestId("member-admin@acme.test")).toContainText("(you)");
    await page.getByLabel("E-mail (optional)").fill(email);
    await page.getByLabel("Role", { exact: true }).selectOption("recruiter");
    await page.getByRole("button", { name: "Create invitation link" }).click();
  });

  const panel = page.getByTestId("new-invitation");
  await expect(panel).toContainText("it will not be shown again");
  const link = await panel.getByLabel("Invitation link").inputValue();
  expect(link).toMatch(new RegExp(`^${baseURL}/invite/[A-Za-z0-9_-]{43}$`));
  await expect(page.getByRole("row", { name: new RegExp(email) })).toContainText("Pending");
  await saveScreenshot(page, "settings-team");
  await panel.getByRole("button", { name: "I have copied it" }).click();

  // The invitee: a browser with no session at all.
  const theirs = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const invitee = await theirs.newPage();
  try {
    await test.step("the invitee sets a name and a password and is signed in", async () => {
      await invitee.goto(link);
      await expect(invitee.getByRole("heading", { name: "Join Acme" })).toBeVisible();
      await expect(invitee.getByLabel("E-mail")).toHaveValue(email);
      await invitee.getByLabel("Your name").fill(memberName);
      await invitee.getByLabel("Password").fill("a long enough password");
      await invitee.getByRole("button", { name: "Join and sign in" }).click();
      await expect(invitee).toHaveURL(/\/jobs$/);
      await expect(invitee.getByRole("heading", { name: "Jobs" })).toBeVisible();
    });

    await test.step("as a recruiter: no settings link, and every settings page is a 403 'No access' page", async () => {
      const nav = invitee.getByRole("navigation", { name: "Main" });
      await expect(nav.getByRole("link", { name: "Jobs" })).toBeVisible();
      await expect(nav.getByRole("link", { name: "Settings" })).toHaveCount(0);
      // (What the page says: first-week.spec.ts.)
      for (const path of ["/settings", "/settings/api-keys", "/settings/webhooks", "/settings/team", "/settings/pipeline", "/settings/reject-reasons", "/settings/privacy", "/settings/audit-log"]) {
        expect((await invitee.goto(path))?.status(), path).toBe(403);
        await expect(invitee.getByRole("heading", { name: "No access" }), path).toBeVisible();
      }
      expect((await theirs.request.get("/api/audit-log.csv")).status()).toBe(403);
      expect((await theirs.request.get("/api/trpc/team.members")).status()).toBe(403);
    });

    await test.step("the link works once", async () => {
      await invitee.goto(link);
      await expect(invitee.getByText("This invitation has been used already")).toBeVisible();
    });
  } finally {
    await theirs.close();
  }

  await test.step("the owner sees the new member and both entries in the audit log", async () => {
    await page.goto("/settings/team");
    await expect(page.getByTestId(`member-${email}`)).toContainText(memberName);
    await expect(page.getByRole("combobox", { name: `Role of ${memberName}` })).toHaveValue("recruiter");

    await page.goto("/settings/audit-log");
    await expect(page.getByRole("heading", { name: "Audit log", level: 1 })).toBeVisible();
    const invited = page.locator('[data-testid="audit-entry"][data-action="member.invited"]', { hasText: email }).first();
    await expect(invited).toContainText("admin@acme.test");
    await expect(invited).toContainText("role: recruiter");
    const joined = page.locator('[data-testid="audit-entry"][data-action="member.joined"]', { hasText: email }).first();
    await expect(joined).toContainText("Member joined");
    await saveScreenshot(page, "audit-log");

    // Filter by action (the filters are in the URL).
    await page.getByLabel("Action").selectOption("member.joined");
    await page.getByRole("button", { name: "Filter" }).click();
    await expect(page).toHaveURL(/action=member\.joined/);
    await expect(page.locator('[data-testid="audit-entry"]:not([data-action="member.joined"])')).toHaveCount(0);
    await expect(page.locator('[data-testid="audit-entry"]', { hasText: email })).toHaveCount(1);
  });

  await test.step("the CSV download has the filtered entries", async () => {
    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Download CSV" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^audit-log-\d{4}-\d\d-\d\d\.csv$/);
    const csv = await readFile((await file.path())!, "utf8");
    const lines = csv.trim().split("\r\n");
    expect(lines[0]).toBe("time,action,actor_type,actor_id,actor,ip,target_type,target_id,target,data");
    expect(lines.slice(1).every((line) => line.includes(",member.joined,"))).toBe(true);
    expect(lines.some((line) => line.includes(email))).toBe(true);
  });
});

for (const width of [1280, 390]) {
  test(`audit log at ${width} px: members by name, not by id; sign-ins hidden until asked for; the Kind filter`, async ({ page, browser, request }) => {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    const adminId = await adminUserId();
    const adminName = (await query<{ name: string }>("SELECT coalesce(name, email) AS name FROM users WHERE id = $1", [adminId]))[0]!.name;
    // A change that holds a member's id: a job's hiring team lead set by an integration.
    // (No "name" in the key's own name: createApiKey finds its field by the label "Name".)
    const key = await createApiKey(browser, `Audit ids ${width} ${Date.now().toString(36)}`);
    const headers = { authorization: `Bearer ${key}` };
    const created = await request.post("/api/v1/jobs", { headers, data: { title: `Audit names ${Date.now().toString(36)}`, is_public: false } });
    expect(created.ok(), await created.text()).toBe(true);
    const jobId = ((await created.json()) as { data: { id: number } }).data.id;
    const patched = await request.patch(`/api/v1/jobs/${jobId}`, { headers, data: { hiring_team_lead_ids: [adminId] } });
    expect(patched.ok(), await patched.text()).toBe(true);

    await gotoHydrated(page, "/settings/audit-log");
    const lead = page.locator('[data-testid="audit-entry"][data-action="job.hiring_team_updated"]').first();
    await expect(lead).toContainText(`after: ${adminName}`);
    await expect(lead).not.toContainText(adminId);
    // Sign-ins (the suite signed in more than once) are hidden by default.
    await expect(page.locator('[data-testid="audit-entry"][data-action^="auth."]')).toHaveCount(0);
    await expectNoSeriousViolations(page, `audit log at ${width} px`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

    // A sign-in of its own, so that one is on the log's first page however much the suite did before.
    const fresh = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    try {
      const signIn = await fresh.newPage();
      await signIn.goto("/sign-in");
      await signIn.getByLabel("E-mail").fill("admin@acme.test");
      await signIn.getByLabel("Password").fill("hireflow-demo");
      await signIn.getByRole("button", { name: "Sign in" }).click();
      await expect(signIn).toHaveURL(/\/jobs$/);
    } finally {
      await fresh.close();
    }
    await page.getByLabel("Show sign-ins").check();
    await page.getByRole("button", { name: "Filter" }).click();
    await expect(page).toHaveURL(/sign_ins=show/);
    await expect(page.locator('[data-testid="audit-entry"][data-action="auth.signed_in"]').first()).toBeVisible();

    await page.getByLabel("Kind").selectOption({ label: "Sign-ins" });
    await page.getByLabel("Show sign-ins").uncheck();
    await page.getByRole("button", { name: "Filter" }).click();
    await expect(page).toHaveURL(/kind=sign_ins/);
    // Asking for the kind shows them even with the box unticked.
    await expect(page.locator('[data-testid="audit-entry"][data-action="auth.signed_in"]').first()).toBeVisible();
    await expect(page.locator('[data-testid="audit-entry"]:not([data-action^="auth."])')).toHaveCount(0);
  });
}
