import { randomBytes } from "node:crypto";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { expectNoSeriousViolations } from "./support/axe.ts";
import { adminUserId, query } from "./support/db.ts";
import { createApiKey } from "./support/page.ts";
import { type ReceivedWebhook, signatureMatches, startReceiver } from "./support/receiver.ts";
import { saveScreenshot } from "./support/screenshots.ts";

/**
 * A job's own pipeline in the web app (issue 23): a job created and given custom stages through the
 * API; its board has one column per stage, in order, by name; drag, the card's stage menu and the
 * keyboard move candidates by the job's keys, and every move reaches a webhook receiver as
 * candidate.stage_changed with the custom key, type and name. A move into the rejected-type stage
 * asks for a reason (Cancel moves nobody), one candidate or a selection; the candidate page shows
 * the reason, the list and the jobs page the stage names; a pipeline edit's re-map is marked in the
 * timeline. axe-core on the board and the dialog.
 */

const STAGES = [
  { key: "prospect", name: "Prospect", type: "prospect" },
  { key: "applied", name: "Applied", type: "applied" },
  { key: "recruiter_screen", name: "Recruiter screen", type: "phonescreen" },
  { key: "tech_interview", name: "Technical interview", type: "inprogress" },
  { key: "onsite", name: "Onsite", type: "inprogress" },
  { key: "offer", name: "Offer", type: "inprogress" },
  { key: "hired", name: "Hired", type: "hired" },
  { key: "not_selected", name: "Not selected", type: "rejected" },
] as const;
const NAME: Record<string, string> = Object.fromEntries(STAGES.map((s) => [s.key, s.name]));
const TYPE: Record<string, string> = Object.fromEntries(STAGES.map((s) => [s.key, s.type]));

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

/** The delivered candidate.stage_changed of a candidate into a stage. */
const stageHook = (candidateId: number, newStage: string) =>
  waitForHook(
    (h) => h.json?.event === "candidate.stage_changed" && h.json?.candidate?.id === candidateId && h.json?.stage_change?.new_stage === newStage,
    `candidate.stage_changed of ${candidateId} to ${newStage} delivered`,
  );


async function api(request: APIRequestContext, key: string, method: "get" | "post" | "patch" | "delete", path: string, data?: unknown) {
  const response = await request[method](`/api/v1${path}`, { headers: { authorization: `Bearer ${key}` }, ...(data !== undefined && { data }) });
  const body = response.status() === 204 ? null : await response.json();
  expect(response.ok(), `${method.toUpperCase()} ${path} → ${response.status()} ${JSON.stringify(body)}`).toBe(true);
  return body;
}

async function stageOf(candidateId: number): Promise<{ stage: string; reject_reason: string | null }> {
  const [row] = await query<{ stage: string; reject_reason: string | null }>(
    "SELECT c.stage, r.name AS reject_reason FROM candidates c LEFT JOIN reject_reasons r ON r.id = c.reject_reason_id WHERE c.id = $1",
    [candidateId],
  );
  return row!;
}

async function stageEventCount(candidateId: number): Promise<number> {
  const [row] = await query<{ n: number }>("SELECT count(*)::int AS n FROM events WHERE type = 'candidate.stage_changed' AND (payload->'candidate'->>'id')::int = $1", [candidateId]);
  return row!.n;
}

test("custom pipeline from the API: board columns by name, moves by drag, menu and keyboard with webhooks, rejecting with a reason", async ({ page, request }) => {
  test.setTimeout(180_000);
  const suffix = randomBytes(3).toString("hex");
  const userId = await adminUserId();
  const key = await createApiKey(page, `E2E pipelines ${suffix}`);
  const endpoint = (await api(request, key, "post", "/webhook_endpoints", { url: receiver.url, events: ["candidate.stage_changed"], description: `E2E pipelines ${suffix}` })).data;
  const secret: string = endpoint.secret;

  try {
    // A private, inactive job: it stays off the careers page the other specs look at.
    const job = (await api(request, key, "post", "/jobs", { title: `Platform Engineer ${suffix}`, department: "Engineering", is_active: false, is_public: false })).data;
    const jobId: number = job.id;
    const patched = (await api(request, key, "patch", `/jobs/${jobId}`, { stages: STAGES })).data;
    expect(patched.stages).toEqual(STAGES);

    const create = async (name: string, stage: string) =>
      (await api(request, key, "post", "/candidates", { job_id: jobId, name, email: `${name.split(" ")[0]!.toLowerCase()}.${suffix}@example.com`, stage })).data.id as number;
    const alex = await create("Alex Moreau", "applied");
    const bea = await create("Bea Lindqvist", "applied");
    const cy = await create("Cy Okafor", "tech_interview");
    const dee = await create("Dee Mensah", "recruiter_screen");
    const eve = await create("Eve Santos", "onsite");
    const column = (stage: string) => page.locator(`section[data-stage="${stage}"]`);
    const card = (id: number) => page.getByTestId(`card-${id}`);

    await test.step("the board: one column per stage of the job, in order, headed by its name", async () => {
      await page.goto(`/jobs/${jobId}`);
      await expect(page.getByRole("heading", { level: 1, name: `Platform Engineer ${suffix}` })).toBeVisible();
      const columns = page.locator("section[data-stage]");
      await expect(columns).toHaveCount(STAGES.length);
      expect(await columns.evaluateAll((sections) => sections.map((s) => s.getAttribute("data-stage")))).toEqual(STAGES.map((s) => s.key));
      for (const stage of STAGES) await expect(page.getByRole("region", { name: new RegExp(`^${stage.name}\\s*\\d+$`) })).toHaveAttribute("data-stage", stage.key);
      // Side by side, every column as wide as the others and wide enough for its name (issue 43 §8: eight
      // columns sharing 1280 px cut "Technical interview" to "Technical ir"); the board scrolls sideways.
      const boxes = await columns.evaluateAll((sections) => sections.map((s) => s.getBoundingClientRect().toJSON() as DOMRect));
      expect(new Set(boxes.map((box) => Math.round(box.top))).size).toBe(1);
      expect(new Set(boxes.map((box) => Math.round(box.width)))).toEqual(new Set([272]));
      const cutNames = await columns.evaluateAll((sections) => sections.map((s) => s.querySelector("h2 span[title]")!).filter((name) => name.scrollWidth > name.clientWidth).map((name) => name.textContent));
      expect(cutNames).toEqual([]);
      const board = page.getByTestId("board-columns");
      expect(await board.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
      await column("not_selected").scrollIntoViewIfNeeded();
      await expect(column("not_selected").getByRole("heading", { name: /^Not selected/ })).toBeInViewport({ ratio: 1 });
      await board.evaluate((el) => el.scrollTo({ left: 0 }));
      await expect(column("applied").getByRole("link", { name: "Alex Moreau" })).toBeVisible();
      await expect(column("onsite").getByRole("link", { name: "Eve Santos" })).toBeVisible();
      // The bulk move and each card's menu list the job's stages by name.
      await expect(page.getByLabel("Move selected to").locator("option")).toHaveText(STAGES.map((s) => s.name));
      await expect(page.getByLabel("Move Alex Moreau to stage").locator("option")).toHaveText(STAGES.map((s) => s.name));
      await expectNoSeriousViolations(page, "board of a custom pipeline");
    });

    await test.step("drag Alex to Recruiter screen → candidate.stage_changed with the custom key, type and name", async () => {
      await card(alex).dragTo(column("recruiter_screen"), { targetPosition: { x: 40, y: 24 } });
      await expect(column("recruiter_screen").getByTestId(`card-${alex}`)).toBeVisible();
      await expect(page.getByRole("status").filter({ hasText: "Moved 1 candidate to Recruiter screen." })).toBeAttached();
      const hook = await stageHook(alex, "recruiter_screen");
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
      expect(hook.json.job).toMatchObject({ id: jobId });
      expect(signatureMatches(secret, hook)).toBe(true);
    });

    await test.step("drag on to Onsite, then the card's stage menu with the keyboard: ArrowDown → Offer", async () => {
      await expect(page.getByLabel("Move Alex Moreau to stage")).toBeEnabled();
      await card(alex).dragTo(column("onsite"), { targetPosition: { x: 40, y: 24 } });
      await expect(column("onsite").getByTestId(`card-${alex}`)).toBeVisible();
      expect((await stageHook(alex, "onsite")).json.stage_change).toMatchObject({ previous_stage: "recruiter_screen", new_stage: "onsite", new_stage_type: "inprogress", new_stage_name: "Onsite" });

      const menu = page.getByLabel("Move Alex Moreau to stage");
      await expect(menu).toBeEnabled();
      await menu.focus();
      await expect(menu).toHaveValue("onsite");
      await page.keyboard.press("ArrowDown");
      await expect(column("offer").getByTestId(`card-${alex}`)).toBeVisible();
      await expect(page.getByRole("status").filter({ hasText: "Moved 1 candidate to Offer." })).toBeAttached();
      expect((await stageHook(alex, "offer")).json.stage_change).toMatchObject({
        previous_stage: "onsite",
        new_stage: "offer",
        previous_stage_name: "Onsite",
        new_stage_name: "Offer",
        new_stage_type: "inprogress",
        changed_by: "user",
      });
      expect(await stageOf(alex)).toEqual({ stage: "offer", reject_reason: null });
    });

    await test.step("a move to Not selected asks for a reason: Cancel leaves Bea where she was", async () => {
      const events = await stageEventCount(bea);
      await expect(page.getByLabel("Move Bea Lindqvist to stage")).toBeEnabled();
      await page.getByLabel("Move Bea Lindqvist to stage").selectOption("not_selected");
      const dialog = page.getByRole("dialog", { name: "Reject Bea Lindqvist?" });
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText("Not selected");
      const reason = dialog.getByLabel("Reason");
      await expect(reason).toBeFocused();
      // The company's current reasons, after the prompt to choose one.
      await expect(reason.locator("option").first()).toHaveText("Choose a reason");
      await expect(reason.locator("option", { hasText: "Other" })).toHaveCount(1);
      await expectNoSeriousViolations(page, "reject dialog open");
      await dialog.getByRole("button", { name: "Cancel" }).click();
      await expect(dialog).toBeHidden();
      await expect(column("applied").getByTestId(`card-${bea}`)).toBeVisible();
      await expect(page.getByLabel("Move Bea Lindqvist to stage")).toHaveValue("applied");
      await expect(page.getByRole("status").filter({ hasText: "Not moved: Bea Lindqvist stays in Applied." })).toBeAttached();
      expect(await stageOf(bea)).toEqual({ stage: "applied", reject_reason: null });
      expect(await stageEventCount(bea)).toBe(events);

      // Escape cancels too.
      await page.getByLabel("Move Bea Lindqvist to stage").selectOption("not_selected");
      await expect(dialog).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
      await expect(column("applied").getByTestId(`card-${bea}`)).toBeVisible();
    });

    const otherText = `Went with another offer ${suffix}`;
    await test.step("drag Bea to Not selected, reason Other with words of its own → the webhook carries the reason", async () => {
      // Not selected, the last column, is off screen at 1280 px (the board scrolls sideways; a person drags to
      // its edge and the browser scrolls it): the drag's events go to the card and the column as dragging sends them.
      const dataTransfer = await page.evaluateHandle(() => new DataTransfer());
      await card(bea).dispatchEvent("dragstart", { dataTransfer });
      await column("not_selected").dispatchEvent("dragover", { dataTransfer });
      await column("not_selected").dispatchEvent("drop", { dataTransfer });
      const dialog = page.getByRole("dialog", { name: "Reject Bea Lindqvist?" });
      await expect(dialog).toBeVisible();
      // A reason is required.
      await dialog.getByRole("button", { name: "Reject" }).click();
      await expect(dialog.getByRole("alert")).toHaveText("Choose a reason");
      await expect(dialog.getByLabel("Reason")).toHaveAttribute("aria-invalid", "true");
      await expect(dialog.getByLabel(/Details/)).toHaveCount(0);
      await dialog.getByLabel("Reason").selectOption({ label: "Other" });
      await dialog.getByLabel(/Details/).fill(otherText);
      await expectNoSeriousViolations(page, "reject dialog with Other and its text");
      await saveScreenshot(page, "reject-dialog", { fullPage: false });
      await dialog.getByRole("button", { name: "Reject" }).click();
      await expect(dialog).toBeHidden();
      await expect(column("not_selected").getByTestId(`card-${bea}`)).toBeVisible();
      // The move has settled in the page (it clears the selection then): the next step selects cards.
      await expect(page.getByRole("status").filter({ hasText: "Moved 1 candidate to Not selected." })).toBeAttached();
      const hook = await stageHook(bea, "not_selected");
      expect(hook.json.stage_change).toMatchObject({
        previous_stage: "applied",
        new_stage: "not_selected",
        new_stage_type: "rejected",
        new_stage_name: "Not selected",
        reject_reason: { id: expect.any(Number), name: "Other" },
        changed_by: "user",
        changed_by_user_id: userId,
      });
      expect(await stageOf(bea)).toEqual({ stage: "not_selected", reject_reason: "Other" });
      const [activity] = await query<{ data: any }>("SELECT data FROM candidate_activities WHERE candidate_id = $1 AND type = 'stage_changed' ORDER BY id DESC LIMIT 1", [bea]);
      expect(activity!.data).toMatchObject({ new_stage: "not_selected", reason: otherText, reject_reason: { name: "Other" } });
    });

    let bulkReason = "";
    await test.step("bulk: Cy and Dee to Not selected with one reason for both", async () => {
      await page.getByRole("checkbox", { name: "Select Cy Okafor" }).check();
      await page.getByRole("checkbox", { name: "Select Dee Mensah" }).check();
      await expect(page.getByText("2 selected")).toBeVisible();
      await page.getByLabel("Move selected to").selectOption("not_selected");
      await page.getByRole("button", { name: "Move", exact: true }).click();
      const dialog = page.getByRole("dialog", { name: "Reject 2 candidates?" });
      await expect(dialog).toBeVisible();
      // The first reason of the list (whatever the company calls it).
      const first = dialog.getByLabel("Reason").locator("option").nth(1);
      bulkReason = (await first.textContent())!.trim();
      await dialog.getByLabel("Reason").selectOption({ label: bulkReason });
      await dialog.getByRole("button", { name: "Reject" }).click();
      await expect(dialog).toBeHidden();
      for (const name of ["Cy Okafor", "Dee Mensah"]) await expect(column("not_selected").getByRole("link", { name })).toBeVisible();
      await expect(page.getByRole("status").filter({ hasText: "Moved 2 candidates to Not selected." })).toBeAttached();
      for (const [id, from] of [
        [cy, "tech_interview"],
        [dee, "recruiter_screen"],
      ] as const) {
        const hook = await stageHook(id, "not_selected");
        expect(hook.json.stage_change).toMatchObject({ previous_stage: from, previous_stage_type: TYPE[from], previous_stage_name: NAME[from], new_stage_type: "rejected", reject_reason: { name: bulkReason } });
        expect(await stageOf(id)).toEqual({ stage: "not_selected", reject_reason: bulkReason });
      }
      // Survives a reload.
      await page.reload();
      for (const name of ["Bea Lindqvist", "Cy Okafor", "Dee Mensah"]) await expect(column("not_selected").getByRole("link", { name })).toBeVisible();
      await expectNoSeriousViolations(page, "board after the moves");
      await saveScreenshot(page, "pipeline-custom-stages");
    });

    await test.step("candidate page: the stage by name, the reason and date, the timeline by names with the reason", async () => {
      await page.goto(`/candidates/${bea}`);
      await expect(page.getByRole("heading", { level: 1, name: "Bea Lindqvist" })).toBeVisible();
      await expect(page.getByTestId("candidate-stage")).toHaveText("Not selected");
      await expect(page.getByTestId("candidate-outcome")).toContainText(/Rejected on \d{4}-\d{2}-\d{2}/);
      await expect(page.getByTestId("candidate-outcome")).toContainText("Reason: Other");
      const select = page.getByRole("combobox", { name: "Stage of Bea Lindqvist" });
      await expect(select).toHaveValue("not_selected");
      await expect(select.locator("option")).toHaveText(STAGES.map((s) => s.name));
      const move = page.getByTestId("activity-stage_changed").first();
      await expect(move).toContainText("Moved from Applied to Not selected");
      await expect(move.getByTestId("move-reason")).toHaveText(`Reason: Other — ${otherText}`);
    });

    await test.step("candidate page: rejecting Alex from the stage menu asks for the reason too", async () => {
      await page.goto(`/candidates/${alex}`);
      const select = page.getByRole("combobox", { name: "Stage of Alex Moreau" });
      await expect(select).toHaveValue("offer");
      await page.waitForLoadState("networkidle").catch(() => {});
      await select.selectOption("not_selected");
      const dialog = page.getByRole("dialog", { name: "Reject Alex Moreau?" });
      await expect(dialog).toBeVisible();
      await dialog.getByRole("button", { name: "Cancel" }).click();
      await expect(dialog).toBeHidden();
      await expect(select).toHaveValue("offer");
      expect(await stageOf(alex)).toEqual({ stage: "offer", reject_reason: null });

      await select.selectOption("not_selected");
      await expect(dialog).toBeVisible();
      await dialog.getByLabel("Reason").selectOption({ label: bulkReason });
      await dialog.getByRole("button", { name: "Reject" }).click();
      await expect(page.getByTestId("candidate-outcome")).toContainText(`Reason: ${bulkReason}`);
      await expect(page.getByTestId("candidate-stage")).toHaveText("Not selected");
      await expect(page.getByTestId("activity-stage_changed").first()).toContainText("Moved from Offer to Not selected");
      expect((await stageHook(alex, "not_selected")).json.stage_change).toMatchObject({ previous_stage: "offer", reject_reason: { name: bulkReason } });
    });

    await test.step("jobs list and /candidates: counts, badges and the stage filter by the job's stage names", async () => {
      await page.goto("/jobs");
      const counts = page.getByRole("listitem").filter({ has: page.getByRole("link", { name: `Platform Engineer ${suffix}`, exact: true }) });
      await expect(counts.locator('[data-stage="not_selected"] dt')).toHaveText("Not selected");
      await expect(counts.locator('[data-stage="not_selected"] dd')).toHaveText("4");
      await expect(counts.locator('[data-stage="onsite"] dd')).toHaveText("1");
      // In the job's order, by name.
      await expect(counts.locator("dl dt")).toHaveText(["Onsite", "Not selected"]);

      await page.goto(`/candidates?job=${jobId}`);
      const stageFilter = page.getByRole("combobox", { name: "Stage" });
      await expect(stageFilter.locator("option")).toHaveText(["Any stage", ...STAGES.map((s) => s.name)]);
      await stageFilter.selectOption("not_selected");
      await expect(page).toHaveURL(/[?&]stage=not_selected/);
      await expect(page.getByRole("table").getByRole("row")).toHaveCount(5);
      await expect(page.getByTestId(`row-${bea}`)).toContainText("Not selected");
      // The list's bulk move within one job offers its stages.
      await expect(page.getByLabel("Move selected to").locator("option")).toHaveText(STAGES.map((s) => s.name));
    });

    await test.step("a pipeline edit that drops Onsite re-maps Eve: marked in her timeline, no webhook", async () => {
      const events = await stageEventCount(eve);
      const stages = STAGES.filter((s) => s.key !== "onsite");
      const edited = (await api(request, key, "patch", `/jobs/${jobId}`, { stages, stage_moves: { onsite: "tech_interview" } })).data;
      expect(edited.stages.map((s: { key: string }) => s.key)).toEqual(stages.map((s) => s.key));
      await page.goto(`/jobs/${jobId}`);
      await expect(page.locator("section[data-stage]")).toHaveCount(stages.length);
      await expect(column("tech_interview").getByRole("link", { name: "Eve Santos" })).toBeVisible();
      await page.goto(`/candidates/${eve}`);
      // The removed stage by the name the entry kept, else its key.
      await expect(page.getByTestId("activity-stage_changed").first()).toContainText(/Moved from (Onsite|onsite) to Technical interview by a pipeline change/);
      expect(await stageEventCount(eve)).toBe(events);
    });
  } finally {
    await api(request, key, "delete", `/webhook_endpoints/${endpoint.id}`);
  }
});
