import { expect, test, type Locator, type Page } from "@playwright/test";
import { adminUserId, jobIdByTitle, query } from "./support/db.ts";

/**
 * The app without a mouse: every step here is a key press (Tab, Shift+Tab, arrows, Space, Enter),
 * never a click, fill or selectOption.
 */

/** Presses Tab (or Shift+Tab) until `target` has the focus: proves it is in the tab order. */
async function tabTo(page: Page, target: Locator, { backwards = false, max = 120 } = {}) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press(backwards ? "Shift+Tab" : "Tab");
  }
  throw new Error(`${target} not reached with ${max} × ${backwards ? "Shift+Tab" : "Tab"}`);
}

/** The six stage types, in the order of the company-wide stage filter, and their labels. */
const TYPES = ["prospect", "applied", "phonescreen", "inprogress", "hired", "rejected"] as const;
const TYPE_LABELS: Record<string, string> = { prospect: "Prospect", applied: "Applied", phonescreen: "Phone screen", inprogress: "In progress", hired: "Hired", rejected: "Rejected" };

interface Stage {
  key: string;
  name: string;
  type: string;
}

/** The job's own stages, in order (the board's columns and the stage menus' options). */
async function jobStages(jobId: number): Promise<Stage[]> {
  return query<{ key: string; name: string; type: string }>("SELECT key, name, type::text FROM job_stages WHERE job_id = $1 ORDER BY position, id", [jobId]);
}

/**
 * The neighbouring stage one arrow key reaches in a stage <select> of the job, and that key. Not a
 * rejected-type stage: a move there first asks for a reason (tested in pipeline-stages.spec.ts).
 */
function nextStage(stages: Stage[], from: string): { to: Stage; key: "ArrowDown" | "ArrowUp"; back: "ArrowDown" | "ArrowUp" } {
  const i = stages.findIndex((stage) => stage.key === from);
  if (i < 0) throw new Error(`unexpected stage ${from}`);
  const down = stages[i + 1];
  return down && down.type !== "rejected" ? { to: down, key: "ArrowDown", back: "ArrowUp" } : { to: stages[i - 1]!, key: "ArrowUp", back: "ArrowDown" };
}

async function stageOf(candidateId: number): Promise<string> {
  const [row] = await query<{ stage: string }>("SELECT stage FROM candidates WHERE id = $1", [candidateId]);
  return row!.stage;
}

async function stageEvents(candidateId: number, newStage: string) {
  return query<{ payload: any }>(
    "SELECT payload FROM events WHERE type = 'candidate.stage_changed' AND (payload->'candidate'->>'id')::int = $1 AND payload->'stage_change'->>'new_stage' = $2",
    [candidateId, newStage],
  );
}

test("pipeline board: move a candidate with the card's stage menu, then back with the bulk move, keyboard only", async ({ page }) => {
  const jobId = await jobIdByTitle("Senior Backend Engineer");
  const userId = await adminUserId();
  const name = "Lena Fischer";
  const [lena] = await query<{ id: number }>("SELECT id FROM candidates WHERE job_id = $1 AND name = $2", [jobId, name]);
  const stages = await jobStages(jobId);
  const from = await stageOf(lena!.id); // "onsite" in the seed
  const fromName = stages.find((stage) => stage.key === from)!.name;
  const { to: toStage, key } = nextStage(stages, from);
  const to = toStage.key;
  const before = (await stageEvents(lena!.id, to)).length;
  const column = (stage: string) => page.locator(`section[data-stage="${stage}"]`);

  await page.goto(`/jobs/${jobId}`);
  await expect(column(from).getByRole("link", { name })).toBeVisible();
  await page.waitForLoadState("networkidle").catch(() => {});

  await test.step(`Tab to the card's stage menu, ${key}: ${fromName} → ${toStage.name}`, async () => {
    const menu = page.getByRole("combobox", { name: `Move ${name} to stage` });
    await tabTo(page, menu);
    await expect(menu).toHaveValue(from);
    await page.keyboard.press(key);
    await expect(column(to).getByRole("link", { name })).toBeVisible();
    await expect(column(from).getByRole("link", { name })).toHaveCount(0);
    await expect(page.getByRole("status").filter({ hasText: `Moved 1 candidate to ${toStage.name}.` })).toBeAttached();
    await expect.poll(async () => (await stageEvents(lena!.id, to)).length).toBe(before + 1);
    const events = await stageEvents(lena!.id, to);
    expect(events.at(-1)!.payload.stage_change).toMatchObject({ previous_stage: from, new_stage: to, changed_by: "user", changed_by_user_id: userId });
  });

  await test.step("after a reload: Space ticks the card, Shift+Tab to 'Move selected to', arrows pick the old stage, Enter on Move", async () => {
    await page.reload();
    await expect(column(to).getByRole("link", { name })).toBeVisible();
    await page.waitForLoadState("networkidle").catch(() => {});
    const checkbox = page.getByRole("checkbox", { name: `Select ${name}` });
    await tabTo(page, checkbox);
    await page.keyboard.press("Space");
    await expect(checkbox).toBeChecked();
    await expect(page.getByText("1 selected")).toBeVisible();

    const bulk = page.getByRole("combobox", { name: "Move selected to" });
    await tabTo(page, bulk, { backwards: true });
    // Walk to the job's first stage, then down to the one Lena came from.
    for (let i = 0; i < stages.length; i++) await page.keyboard.press("ArrowUp");
    await expect(bulk).toHaveValue(stages[0]!.key);
    for (let i = 0; i < stages.findIndex((stage) => stage.key === from); i++) await page.keyboard.press("ArrowDown");
    await expect(bulk).toHaveValue(from);
    const moveButton = page.getByRole("button", { name: "Move", exact: true });
    await tabTo(page, moveButton);
    await page.keyboard.press("Enter");
    await expect(column(from).getByRole("link", { name })).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: `Moved 1 candidate to ${fromName}.` })).toBeAttached();
    await page.reload();
    await expect(column(from).getByRole("link", { name })).toBeVisible();
    expect(await stageOf(lena!.id)).toBe(from);
  });
});

test("candidate page: the stage menu works from the keyboard", async ({ page }) => {
  const jobId = await jobIdByTitle("Senior Backend Engineer");
  const [lena] = await query<{ id: number }>("SELECT id FROM candidates WHERE job_id = $1 AND name = 'Lena Fischer'", [jobId]);
  const from = await stageOf(lena!.id);
  const { to: toStage, key, back } = nextStage(await jobStages(jobId), from);
  const to = toStage.key;
  await page.goto(`/candidates/${lena!.id}`);
  await page.waitForLoadState("networkidle").catch(() => {});
  const menu = page.getByRole("combobox", { name: "Stage of Lena Fischer" });
  await tabTo(page, menu);
  await expect(menu).toHaveValue(from);
  await page.keyboard.press(key);
  await expect.poll(() => stageOf(lena!.id)).toBe(to);
  await page.reload();
  await page.waitForLoadState("networkidle").catch(() => {});
  await tabTo(page, menu);
  await expect(menu).toHaveValue(to);
  await page.keyboard.press(back);
  await expect.poll(() => stageOf(lena!.id)).toBe(from);
});

test("Ctrl+K quick switcher: type a name, ArrowDown/ArrowUp and Enter open the candidate; Escape closes", async ({ page }) => {
  const jobId = await jobIdByTitle("Senior Backend Engineer");
  const [lena] = await query<{ id: number }>("SELECT id FROM candidates WHERE job_id = $1 AND name = 'Lena Fischer'", [jobId]);
  await page.goto("/jobs");
  await page.waitForLoadState("networkidle").catch(() => {});
  const dialog = page.getByRole("dialog", { name: "Go to a candidate or a job" });
  const combobox = page.getByRole("combobox", { name: "Go to a candidate or a job" });

  await page.keyboard.press("Control+k");
  await expect(dialog).toBeVisible();
  await expect(combobox).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();

  await page.keyboard.press("Control+k");
  await expect(combobox).toBeFocused();
  await page.keyboard.type("Lena Fisc");
  const lenaOption = page.getByRole("option", { name: /Lena Fischer/ });
  await expect(lenaOption).toBeVisible();
  // The arrows move the active option (aria-activedescendant) and wrap around; back to Lena's.
  await page.keyboard.press("ArrowDown");
  await expect(lenaOption).toHaveAttribute("aria-selected", "false");
  const optionCount = await page.getByRole("option").count();
  for (let i = 0; i < optionCount && (await lenaOption.getAttribute("aria-selected")) !== "true"; i++) await page.keyboard.press("ArrowDown");
  await expect(lenaOption).toHaveAttribute("aria-selected", "true");
  await expect(combobox).toHaveAttribute("aria-activedescendant", (await lenaOption.getAttribute("id"))!);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/candidates/${lena!.id}$`));
  await expect(page.getByRole("heading", { level: 1, name: "Lena Fischer" })).toBeVisible();
  await expect(dialog).toBeHidden();
});

test("/candidates filters: reached with Tab, set with the keyboard, applied with Enter or on change", async ({ page }) => {
  const jobId = await jobIdByTitle("Senior Backend Engineer");
  const [lena] = await query<{ id: number }>("SELECT id FROM candidates WHERE job_id = $1 AND name = 'Lena Fischer'", [jobId]);
  // Company-wide, the stage filter is by stage type.
  const [{ type: stage } = { type: "" }] = await query<{ type: string }>(
    "SELECT s.type::text AS type FROM candidates c JOIN job_stages s ON s.job_id = c.job_id AND s.key = c.stage WHERE c.id = $1",
    [lena!.id],
  );
  await page.goto("/candidates");
  await page.waitForLoadState("networkidle").catch(() => {});
  const results = page.getByRole("table");

  await test.step("Tab to Search, type, Enter", async () => {
    const search = page.getByRole("searchbox", { name: "Search" });
    await tabTo(page, search);
    await page.keyboard.type("Lena Fischer");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/[?&]q=Lena(\+|%20)Fischer/);
    await expect(results.getByRole("link", { name: "Lena Fischer" })).toBeVisible();
  });

  await test.step(`Tab to Stage, arrows to ${TYPE_LABELS[stage]}: applied at once`, async () => {
    const stageFilter = page.getByRole("combobox", { name: "Stage" });
    await tabTo(page, stageFilter);
    for (let i = 0; i <= TYPES.indexOf(stage as (typeof TYPES)[number]); i++) await page.keyboard.press("ArrowDown");
    await expect(stageFilter).toHaveValue(stage);
    await expect(page).toHaveURL(new RegExp(`[?&]stage=${stage}`));
    await expect(results.getByRole("link", { name: "Lena Fischer" })).toBeVisible();
    // One stage further along: Lena is filtered out.
    await page.keyboard.press(stage === "rejected" ? "ArrowUp" : "ArrowDown");
    await expect(page).not.toHaveURL(new RegExp(`[?&]stage=${stage}(&|$)`));
    await expect(page.getByRole("link", { name: "Lena Fischer" })).toHaveCount(0);
  });

  await test.step("Tab to 'Clear all', Enter: every filter is gone", async () => {
    const clear = page.getByRole("search", { name: "Candidates" }).getByRole("link", { name: "Clear all" });
    await tabTo(page, clear);
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/candidates$/);
    await expect(page.getByRole("searchbox", { name: "Search" })).toHaveValue("");
    await expect(results.getByRole("link", { name: "Lena Fischer" })).toBeVisible();
  });
});
