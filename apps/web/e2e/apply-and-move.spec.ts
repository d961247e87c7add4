import { randomBytes } from "node:crypto";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { adminUserId, candidateIdByEmail, jobIdByTitle, query } from "./support/db.ts";
import { type ReceivedWebhook, signatureMatches, startReceiver } from "./support/receiver.ts";
import { saveScreenshot } from "./support/screenshots.ts";
import { gotoHydrated } from "./support/page.ts";

const RESUME = path.resolve(import.meta.dirname, "../../../packages/worker/test/fixtures/resumes/priya-raman.pdf");

let receiver: Awaited<ReturnType<typeof startReceiver>>;
test.beforeAll(async () => {
  receiver = await startReceiver();
});
test.afterAll(async () => {
  await receiver?.close();
});

async function waitForHook(predicate: (hook: ReceivedWebhook) => boolean, message: string): Promise<ReceivedWebhook> {
  let found: ReceivedWebhook | undefined;
  await expect.poll(() => (found = receiver.received.find(predicate)), { message, timeout: 20_000 }).toBeTruthy();
  return found!;
}

test("careers page → apply with a resume → pipeline → move (drag and drop, stage menu) → signed webhooks with changed_by user", async ({ page }) => {
  test.setTimeout(180_000);
  const jobId = await jobIdByTitle("Senior Backend Engineer");
  const userId = await adminUserId();
  const email = `priya.raman+${randomBytes(3).toString("hex")}@example.com`;
  let secret = "";

  await test.step("register a webhook endpoint in Settings → Webhooks", async () => {
    await gotoHydrated(page, "/settings/webhooks");
    await page.getByLabel("URL").fill(receiver.url);
    await page.getByLabel("Description").fill("E2E receiver");
    await page.getByRole("checkbox", { name: "candidate.applied" }).check();
    await page.getByRole("checkbox", { name: "candidate.stage_changed" }).check();
    await page.getByRole("button", { name: "Add endpoint" }).click();
    const panel = page.getByTestId("new-webhook-secret");
    await expect(panel).toContainText("it will not be shown again");
    secret = await panel.getByLabel("Signing secret").inputValue();
    expect(secret).toMatch(/^whsec_/);
    await expect(page.getByRole("link", { name: receiver.url })).toBeVisible();
  });

  await test.step("the careers page lists the job; its page is the API's apply_url", async () => {
    await page.goto("/careers/acme");
    await expect(page.getByRole("heading", { name: "Open positions" })).toBeVisible();
    // Inactive or private jobs are not listed.
    await expect(page.getByRole("link", { name: /Recruiting Coordinator/ })).toHaveCount(0);
    await page.getByRole("link", { name: /Senior Backend Engineer/ }).click();
    await expect(page).toHaveURL(new RegExp(`/careers/acme/jobs/${jobId}$`));
    await expect(page.getByRole("heading", { name: "Senior Backend Engineer" })).toBeVisible();
    await expect(page.getByText("75,000–95,000 EUR")).toBeVisible();
    await saveScreenshot(page, "careers-job");
  });

  await test.step("the API's validation messages show inline, next to their fields", async () => {
    await page.getByRole("button", { name: "Submit application" }).click();
    await expect(page.getByText("Please check the highlighted fields")).toBeVisible();
    await expect(page.locator("#name-error")).toHaveText("Required");
    await expect(page.locator("#email-error")).toHaveText("Required");
    await expect(page.getByLabel("Full name")).toHaveAttribute("aria-invalid", "true");
    await page.getByLabel("Full name").fill("Priya Raman");
    await page.getByLabel("E-mail").fill("not-an-email");
    await page.getByRole("button", { name: "Submit application" }).click();
    await expect(page.locator("#email-error")).toHaveText("Must be a valid e-mail address");
    await expect(page.locator("#name-error")).toHaveCount(0);
    // The screening questions are checked once the contact fields are valid.
    await page.getByLabel("E-mail").fill(email);
    await page.getByRole("button", { name: "Submit application" }).click();
    await expect(page.locator("#q-work_permit-error")).toHaveText("Required");
    await expect(page.locator("#email-error")).toHaveCount(0);
    expect(await query("SELECT id FROM candidates WHERE email = $1", [email])).toHaveLength(0);
    await page.getByRole("radio", { name: "Yes" }).check();
  });

  await test.step("apply with a resume → confirmation", async () => {
    await page.getByLabel("Phone").fill("+44 20 7946 0958");
    await page.getByLabel("Location").fill("London, United Kingdom");
    await page.getByLabel("LinkedIn profile").fill("https://www.linkedin.com/in/priya-raman-example");
    await page.getByLabel("Resume").setInputFiles(RESUME);
    await page.getByLabel("What is your notice period?").selectOption("1 month");
    await page.getByRole("button", { name: "Submit application" }).click();
    await expect(page.getByTestId("application-received")).toContainText("Thank you, Priya Raman!");
    await expect(page.getByTestId("application-received")).toBeFocused();
    const applied = await waitForHook((h) => h.json?.event === "candidate.applied" && h.json?.candidate?.email === email, "candidate.applied delivered");
    expect(signatureMatches(secret, applied)).toBe(true);
  });

  const candidateId = await candidateIdByEmail(email);

  await test.step("the candidate shows in the pipeline's Applied column", async () => {
    await page.goto(`/jobs/${jobId}`);
    const applied = page.locator('section[data-stage="applied"]');
    await expect(applied.getByRole("link", { name: "Priya Raman" })).toBeVisible();
    await expect(applied.getByTestId(`card-${candidateId}`)).toContainText("Careers page");
  });

  // The demo job has its own pipeline: … Applied, Recruiter screen (a phone screen), Technical interview …
  await test.step("drag the card to Recruiter screen → candidate.stage_changed (changed_by user) reaches the receiver", async () => {
    const card = page.getByTestId(`card-${candidateId}`);
    // Drop near the top of the column: its centre can lie below the fold, and Playwright scrolling to
    // it between mouse down and the first move made Chromium start the drag on the card scrolled under
    // the pointer (a neighbour), not this one.
    await card.dragTo(page.locator('section[data-stage="recruiter_screen"]'), { targetPosition: { x: 40, y: 24 } });
    await expect(page.locator('section[data-stage="recruiter_screen"]').getByTestId(`card-${candidateId}`)).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: "Moved 1 candidate to Recruiter screen." })).toBeAttached();
    const hook = await waitForHook(
      (h) => h.json?.event === "candidate.stage_changed" && h.json?.candidate?.id === candidateId && h.json?.stage_change?.new_stage === "recruiter_screen",
      "candidate.stage_changed (recruiter_screen) delivered",
    );
    expect(hook.json.stage_change).toEqual({
      previous_stage: "applied",
      new_stage: "recruiter_screen",
      previous_stage_type: "applied",
      new_stage_type: "phonescreen",
      previous_stage_name: "Applied",
      new_stage_name: "Recruiter screen",
      reject_reason: null,
      changed_by: "user",
      changed_by_user_id: userId,
    });
    expect(hook.json.candidate.public_id).toMatch(/^cand_/);
    expect(hook.json.job).toMatchObject({ id: jobId, title: "Senior Backend Engineer" });
    expect(hook.headers["webhook-id"]).toBeTruthy();
    expect(signatureMatches(secret, hook)).toBe(true);
  });

  await test.step("the keyboard alternative: the card's stage menu", async () => {
    const menu = page.getByTestId(`card-${candidateId}`).getByLabel("Move Priya Raman to stage");
    // The stage menus are disabled while a move is in flight; the webhook of the drag above can arrive
    // before the browser has the move's answer, so wait for the board to take input again.
    await expect(menu).toBeEnabled();
    await menu.focus();
    await expect(menu).toBeFocused();
    await menu.selectOption("technical_interview");
    await expect(page.locator('section[data-stage="technical_interview"]').getByTestId(`card-${candidateId}`)).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: "Moved 1 candidate to Technical interview." })).toBeAttached();
    const hook = await waitForHook(
      (h) => h.json?.event === "candidate.stage_changed" && h.json?.candidate?.id === candidateId && h.json?.stage_change?.new_stage === "technical_interview",
      "candidate.stage_changed (technical_interview) delivered",
    );
    expect(hook.json.stage_change).toMatchObject({
      previous_stage: "recruiter_screen",
      new_stage_type: "inprogress",
      new_stage_name: "Technical interview",
      changed_by: "user",
      changed_by_user_id: userId,
    });
    await saveScreenshot(page, "pipeline");
  });

  await test.step("candidate page: contact fields, resume download, parsed resume, answers", async () => {
    await page.getByTestId(`card-${candidateId}`).getByRole("link", { name: "Priya Raman" }).click();
    await expect(page).toHaveURL(new RegExp(`/candidates/${candidateId}$`));
    await expect(page.getByRole("heading", { name: "Priya Raman" })).toBeVisible();
    await expect(page.getByRole("link", { name: email })).toHaveAttribute("href", `mailto:${email}`);
    await expect(page.getByRole("link", { name: "+442079460958" })).toBeVisible();
    await expect(page.getByRole("link", { name: "linkedin.com/in/priya-raman-example" })).toHaveAttribute("rel", /noopener/);
    await expect(page.getByText("Are you allowed to work in the EU?", { exact: true })).toBeVisible();
    await expect(page.getByText("1 month")).toBeVisible();

    // Parsing runs in the background: reload until the parsed data is there.
    await expect(async () => {
      await page.reload();
      await expect(page.getByText("Parsed", { exact: true })).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 45_000 });
    await expect(page.getByRole("heading", { name: "Skills" })).toBeVisible();

    const download = page.getByRole("link", { name: /Download priya-raman\.pdf/ });
    const href = await download.getAttribute("href");
    expect(href).toMatch(/\/api\/files\//);
    const file = await page.request.get(href!);
    expect(file.status()).toBe(200);
    expect(file.headers()["content-type"]).toContain("application/pdf");
    expect((await file.body()).subarray(0, 4).toString()).toBe("%PDF");
  });

  await test.step("add a note: it is shown as text and recorded as added_by user", async () => {
    let dialogs = 0;
    page.on("dialog", (d) => {
      dialogs++;
      void d.dismiss();
    });
    const note = `Strong systems background <script>alert("x")</script> ${randomBytes(2).toString("hex")}`;
    await page.getByLabel("Add a note").fill(note);
    await page.getByRole("button", { name: "Add note" }).click();
    await expect(page.getByTestId("activity-note_added").first()).toContainText(note);
    await expect(page.getByLabel("Add a note")).toHaveValue("");
    expect(dialogs).toBe(0);
    const [row] = await query<{ added_by: string; performer_id: string }>(
      "SELECT added_by::text, performer_id::text FROM candidate_activities WHERE candidate_id = $1 AND note = $2",
      [candidateId, note],
    );
    expect(row).toEqual({ added_by: "user", performer_id: userId });
    await expect(page.getByTestId("activity-stage_changed")).toHaveCount(2);
    await saveScreenshot(page, "candidate");
  });

  await test.step("delivery log, test event, redeliver, disable/enable, rotate secret", async () => {
    await gotoHydrated(page, "/settings/webhooks");
    await page.getByRole("link", { name: receiver.url }).click();
    const log = page.getByTestId("deliveries");
    const stageRow = log.locator('tr[data-event="candidate.stage_changed"][data-status="succeeded"]').first();
    await expect(stageRow).toBeVisible();
    await expect(stageRow).toContainText("200");
    await expect(stageRow).toContainText(/\d+ ms/);
    await expect(log.locator('tr[data-event="candidate.applied"][data-status="succeeded"]')).toHaveCount(1);

    await page.getByRole("button", { name: "Send test event" }).click();
    await waitForHook((h) => h.json?.event === "webhook.test", "webhook.test delivered");
    await expect(log.locator('tr[data-event="webhook.test"][data-status="succeeded"]')).toBeVisible();

    const before = receiver.received.length;
    const eventId = (await stageRow.getByTitle("webhook-id").textContent())!.replace("…", "");
    await stageRow.getByRole("button", { name: /Redeliver/ }).click();
    await expect.poll(() => receiver.received.length, { timeout: 20_000 }).toBeGreaterThan(before);
    expect(receiver.received.slice(before).some((h) => String(h.headers["webhook-id"]).startsWith(eventId))).toBe(true);
    await saveScreenshot(page, "webhooks");

    await page.getByRole("button", { name: "Disable" }).click();
    await expect(page.getByText("Disabled", { exact: true })).toBeVisible();
    await page.getByRole("button", { name: "Enable" }).click();
    await expect(page.getByText("Enabled", { exact: true })).toBeVisible();

    await page.getByRole("button", { name: "Rotate secret" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Rotate secret" }).click();
    const rotated = await page.getByTestId("rotated-secret").getByLabel("New signing secret").inputValue();
    expect(rotated).toMatch(/^whsec_/);
    expect(rotated).not.toBe(secret);

    // The default 24 h grace period: the page says until when, and the next delivery carries two
    // signatures, one that verifies with the new secret and one with the replaced one.
    await expect(page.getByTestId("previous-secret-expiry")).toBeVisible();
    const sent = receiver.received.length;
    await page.getByRole("button", { name: "Send test event" }).click();
    await expect.poll(() => receiver.received.slice(sent).find((h) => h.json?.event === "webhook.test"), { timeout: 20_000 }).toBeTruthy();
    const afterRotation = receiver.received.slice(sent).find((h) => h.json?.event === "webhook.test")!;
    expect(String(afterRotation.headers["webhook-signature"]).split(" ")).toHaveLength(2);
    expect(signatureMatches(rotated, afterRotation)).toBe(true);
    expect(signatureMatches(secret, afterRotation)).toBe(true);

    // A leaked secret: rotate again and stop the current one at once.
    await page.getByRole("button", { name: "I have copied it" }).click();
    await page.getByRole("button", { name: "Rotate secret" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel(/Stop the current secret now/).check();
    await dialog.getByRole("button", { name: "Rotate secret" }).click();
    const newest = await page.getByTestId("rotated-secret").getByLabel("New signing secret").inputValue();
    expect(newest).not.toBe(rotated);
    await expect(page.getByTestId("previous-secret-expiry")).toHaveCount(0);
    const sentAgain = receiver.received.length;
    await page.getByRole("button", { name: "Send test event" }).click();
    await expect.poll(() => receiver.received.slice(sentAgain).find((h) => h.json?.event === "webhook.test"), { timeout: 20_000 }).toBeTruthy();
    const afterLeak = receiver.received.slice(sentAgain).find((h) => h.json?.event === "webhook.test")!;
    expect(String(afterLeak.headers["webhook-signature"]).split(" ")).toHaveLength(1);
    expect(signatureMatches(newest, afterLeak)).toBe(true);
    expect(signatureMatches(rotated, afterLeak)).toBe(false);
    expect(signatureMatches(secret, afterLeak)).toBe(false);
  });
});
