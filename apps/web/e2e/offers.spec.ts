import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { expectNoSeriousViolations } from "./support/axe.ts";
import { jobIdByTitle, query } from "./support/db.ts";
import { createApiKey, gotoHydrated } from "./support/page.ts";
import { startReceiver } from "./support/receiver.ts";

/**
 * An offer from draft to hire in the browser (issue 41): the admin sets the approval chain in
 * Settings → Offers, drafts an offer on the candidate page, requests approval, approves it as the
 * chain's approver and sends it; the candidate opens the link from the e-mail on a phone, signs and
 * accepts; the candidate is hired on the job's board, and a webhook receiver gets offer.accepted and
 * candidate.hired. Every page on the way is axe-clean.
 */
test("draft, approve, send; the candidate accepts on a phone; the board shows the hire", async ({ page, browser }) => {
  const tag = randomBytes(3).toString("hex");
  const name = `Olivia Offer ${tag}`;
  const jobId = await jobIdByTitle("Senior Backend Engineer");
  const receiver = await startReceiver();
  try {
    await test.step("a webhook endpoint and the approval chain (Settings)", async () => {
      await gotoHydrated(page, "/settings/webhooks");
      await page.getByLabel("URL").fill(receiver.url);
      await page.getByLabel("Description").fill(`offers ${tag}`);
      await page.getByRole("button", { name: "Add endpoint" }).click();
      await expect(page.getByTestId("new-webhook-secret")).toBeVisible();

      await gotoHydrated(page, "/settings/offers");
      await expect(page.getByRole("heading", { name: "Offers", level: 1 })).toBeVisible();
      if ((await page.getByTestId("approval-step").count()) === 0) await page.getByRole("button", { name: "Add a step" }).click();
      const step = page.getByTestId("approval-step").first();
      const [admin] = await query<{ label: string }>("SELECT coalesce(name, email) AS label FROM users WHERE email = 'admin@acme.test'");
      await step.getByLabel(admin!.label, { exact: true }).check();
      await expectNoSeriousViolations(page, "settings: offers");
      await page.getByRole("button", { name: "Save offer settings" }).click();
      await expect(page.getByText("The offer settings are saved.")).toBeVisible();
    });

    // A new candidate of the job, added by an integration (the demo's candidates stay as other specs expect them).
    const key = await createApiKey(browser, `Offers ${tag}`);
    const created = await page.request.post("/api/v1/candidates", { headers: { authorization: `Bearer ${key}` }, data: { job_id: jobId, name, email: `olivia-${tag}@example.com` } });
    expect(created.status(), await created.text()).toBe(201);
    const candidateId = ((await created.json()) as { data: { id: number } }).data.id;

    await test.step("the candidate page: draft, request approval, approve, send", async () => {
      await gotoHydrated(page, `/candidates/${candidateId}`);
      await page.getByRole("button", { name: "Draft an offer" }).click();
      await page.getByLabel("Start date").fill("2030-03-01");
      await page.getByLabel("Salary").fill("85000");
      await page.getByLabel("Currency").selectOption("EUR");
      await expectNoSeriousViolations(page, "candidate page, offer form");
      await page.getByRole("button", { name: "Save draft" }).click();
      await expect(page.getByTestId("offer-status")).toHaveText("Draft");
      await expect(page.getByTestId("offer-salary")).toHaveText("EUR 85,000 per year");
      await page.getByRole("button", { name: "Request approval" }).click();
      await expect(page.getByTestId("offer-status")).toHaveText("Waiting for approval");
      await expect(page.getByTestId("approvals-due")).toBeVisible();
      // The refresh after a change streams the page's metadata back in: audit once the title is there again.
      await expect(page).toHaveTitle(/\S/);
      await expectNoSeriousViolations(page, "candidate page, offer waiting for approval");
      await page.getByRole("button", { name: "Approve offer" }).click();
      await expect(page.getByTestId("offer-status")).toHaveText("Approved");
      await page.getByRole("button", { name: "Send to candidate" }).click();
      await expect(page.getByTestId("offer-status")).toHaveText("Sent");
    });

    const [mail] = await query<{ text_body: string; attachments: { filename: string; content_type: string }[] }>(
      "SELECT text_body, attachments FROM email_messages WHERE candidate_id = $1 AND subject LIKE 'Your offer%' ORDER BY id DESC LIMIT 1",
      [candidateId],
    );
    expect(mail!.attachments.map((a) => a.content_type)).toEqual(["application/pdf"]);
    const link = new URL(/https?:\/\/\S+\/offers\/[A-Za-z0-9_-]{43}/.exec(mail!.text_body)![0]);

    await test.step("the candidate accepts on a 390 px page, signed out", async () => {
      const context = await browser.newContext({ storageState: { cookies: [], origins: [] }, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
      try {
        const phone = await context.newPage();
        await gotoHydrated(phone, link.pathname);
        await expect(phone.getByRole("heading", { level: 1 })).toContainText("Your offer");
        await expect(phone.getByRole("article", { name: "Offer letter" })).toContainText(name);
        await expect(phone.getByRole("article", { name: "Offer letter" })).toContainText("EUR 85,000 per year");
        expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
        await expectNoSeriousViolations(phone, "offer page on a phone");
        await phone.getByLabel("Type your full name to sign and accept").fill(name);
        await phone.getByRole("button", { name: "Accept and sign" }).click();
        await expect(phone.getByText("You accepted this offer")).toBeVisible();
        await expect(phone).toHaveTitle(/\S/);
        await expectNoSeriousViolations(phone, "offer page, accepted");
      } finally {
        await context.close();
      }
    });

    await test.step("the candidate is hired: on the candidate page, on the board, and to the webhook receiver", async () => {
      await gotoHydrated(page, `/candidates/${candidateId}`);
      await expect(page.getByTestId("offer-status")).toHaveText("Accepted");
      await expect(page.getByTestId("offer-signed-copy")).toBeVisible();
      await expect(page.getByTestId("candidate-stage")).toContainText("Hired");
      await gotoHydrated(page, `/jobs/${jobId}`);
      await expect(page.getByText(name).first()).toBeVisible();
      await expect.poll(() => receiver.received.map((hook) => hook.json?.event).filter((event) => event === "offer.accepted" || event === "candidate.hired").sort(), { timeout: 30_000 }).toEqual([
        "candidate.hired",
        "offer.accepted",
      ]);
      const hired = receiver.received.find((hook) => hook.json?.event === "candidate.hired")!.json;
      expect(hired.offer).toMatchObject({ status: "accepted", salary: { amount: 85000, currency: "EUR", period: "year" }, signature: { name } });
    });
  } finally {
    await receiver.close();
  }
});
