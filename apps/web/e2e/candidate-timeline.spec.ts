import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { jobIdByTitle, query } from "./support/db.ts";
import { createApiKey, gotoHydrated } from "./support/page.ts";
import { SIGNED_OUT } from "./support/pages.ts";

/**
 * Issue 43 §27: a candidate e-mail in the timeline links to its message in Settings → E-mail log only
 * for a member who may open the log (owners and admins). A recruiter followed the link into a 403.
 */
test("the timeline links an e-mail to the e-mail log for the owner, not for a recruiter (who may not open it)", async ({ page, browser, request, baseURL }) => {
  const run = randomBytes(3).toString("hex");
  const jobId = await jobIdByTitle("Senior Backend Engineer");
  const [rejected] = await query<{ key: string }>("SELECT key FROM job_stages WHERE job_id = $1 AND type = 'rejected' ORDER BY position LIMIT 1", [jobId]);
  const auth = { authorization: `Bearer ${await createApiKey(browser, `Timeline ${run}`)}` };
  const created = await request.post("/api/v1/candidates", { headers: auth, data: { job_id: jobId, name: `Tim Eline ${run}`, email: `timeline-${run}@example.com` } });
  expect(created.status(), await created.text()).toBe(201);
  const candidateId = ((await created.json()) as { data: { id: number } }).data.id;
  const moved = await request.patch(`/api/v1/candidates/${candidateId}`, { headers: auth, data: { stage: rejected!.key, send_rejection_email: true, rejection_email_delay_minutes: 0 } });
  expect(moved.status(), await moved.text()).toBe(200);
  // Queued, then kept in the log by the background job (the e2e server has no mail server).
  let messageId = 0;
  await expect
    .poll(async () => {
      const rows = await query<{ id: number; status: string }>("SELECT id, status FROM email_messages WHERE candidate_id = $1 AND kind = 'rejection'", [candidateId]);
      messageId = rows[0]?.id ?? 0;
      return rows.map((row) => row.status);
    }, { timeout: 30_000 })
    .toEqual(["stored"]);

  await test.step("the owner: the e-mail's entry links to its message, which opens", async () => {
    await gotoHydrated(page, `/candidates/${candidateId}`);
    const entry = page.getByTestId("activity-email").filter({ hasText: "kept in the e-mail log" });
    await expect(entry).toContainText("Rejection e-mail");
    await entry.getByRole("link", { name: "open in the e-mail log" }).click();
    await expect(page).toHaveURL(new RegExp(`/settings/email-log/${messageId}$`));
    await expect(page.getByText(`timeline-${run}@example.com`).first()).toBeVisible();
  });

  await test.step("a recruiter: the same entry without the link; the log itself is theirs to refuse", async () => {
    const context = await browser.newContext({ baseURL, storageState: SIGNED_OUT });
    try {
      expect((await context.request.post("/api/auth/sign-in", { data: { email: "recruiter@acme.test", password: "hireflow-demo" } })).status()).toBe(200);
      const recruiter = await context.newPage();
      await gotoHydrated(recruiter, `/candidates/${candidateId}`);
      const entry = recruiter.getByTestId("activity-email").filter({ hasText: "kept in the e-mail log" });
      await expect(entry).toContainText("Rejection e-mail");
      await expect(entry.getByRole("link")).toHaveCount(0);
      await expect(recruiter.getByRole("link", { name: "open in the e-mail log" })).toHaveCount(0);
      expect((await recruiter.goto(`/settings/email-log/${messageId}`))?.status()).toBe(403);
    } finally {
      await context.close();
    }
  });
});
