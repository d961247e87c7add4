import { expect, test, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { expectNoSeriousViolations } from "./support/axe.ts";
import { createApiKey, gotoHydrated } from "./support/page.ts";

/**
 * Issue 23 in the web app: the pipeline editor of the job form (add, rename, re-order by keyboard and
 * by drag, remove, where a removed stage's candidates go, the API's errors next to their rows, "Job
 * saved."), Settings → Pipeline (the template new jobs start with) and Settings → Reject reasons.
 * Results are checked through the REST API with a key made in Settings → API keys.
 */

const run = Date.now().toString(36);
/** A suffix of its own for each test (and each repeat of it): names that must be unique in the company. */
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
let apiKey = "";


async function api(request: APIRequestContext, method: "GET" | "POST", path: string, data?: unknown) {
  const response = await request.fetch(`/api/v1${path}`, { method, headers: { authorization: `Bearer ${apiKey}` }, data });
  const body = await response.json();
  expect(response.ok(), `${method} ${path}: ${JSON.stringify(body)}`).toBe(true);
  return body.data;
}

type Stage = { key: string; name: string; type: string };
const jobStages = async (request: APIRequestContext, jobId: number): Promise<Stage[]> => (await api(request, "GET", `/jobs/${jobId}`)).stages;

/** The editor's rows, as "name (key)" in order (what the user sees). */
async function editorRows(page: Page): Promise<string[]> {
  const rows = page.getByTestId("pipeline-stage");
  const out: string[] = [];
  for (let i = 0; i < (await rows.count()); i++) {
    const row = rows.nth(i);
    out.push(`${await row.getByLabel(`Stage ${i + 1}`, { exact: true }).inputValue()} (${await row.getAttribute("data-key")})`);
  }
  return out;
}

const stageName = (page: Page, position: number): Locator => page.getByLabel(`Stage ${position}`, { exact: true });

test.beforeAll(async ({ browser }) => {
  apiKey = await createApiKey(browser, `Pipeline editor e2e ${run}`);
});

test("job form: add, rename, re-order by keyboard and by drag, remove an empty stage and one holding candidates; the API has the result", async ({ page, request }) => {
  test.setTimeout(120_000);
  const job = await api(request, "POST", "/jobs", {
    title: `Pipeline editor ${unique()}`,
    is_public: false,
    stages: [
      { key: "prospect", name: "Sourced", type: "prospect" },
      { key: "applied", name: "Applied", type: "applied" },
      { key: "take_home", name: "Take-home", type: "inprogress" },
      { key: "onsite", name: "Onsite", type: "inprogress" },
      { key: "offer", name: "Offer", type: "inprogress" },
      { key: "hired", name: "Hired", type: "hired" },
      { key: "rejected", name: "Rejected", type: "rejected" },
    ],
  });
  const jobId: number = job.id;
  const candidates: number[] = [];
  for (const [i, stage] of ["take_home", "take_home", "applied"].entries()) {
    candidates.push((await api(request, "POST", "/candidates", { job_id: jobId, name: `Editor Candidate ${i + 1}`, email: `editor-${unique()}-${i}@example.com`, stage })).id);
  }

  await page.goto(`/jobs/${jobId}/edit`);
  const editor = page.getByRole("list", { name: "Stages" });
  await expect(editor.getByTestId("pipeline-stage")).toHaveCount(7);
  expect(await editorRows(page)).toEqual(["Sourced (prospect)", "Applied (applied)", "Take-home (take_home)", "Onsite (onsite)", "Offer (offer)", "Hired (hired)", "Rejected (rejected)"]);
  await expect(page.getByTestId("pipeline-stage").nth(2)).toContainText("holds 2 candidates");
  await expect(stageName(page, 1)).toHaveAccessibleDescription(/Key prospect/);

  await test.step("add a stage: it goes before the outcomes, gets focus and a key from its name", async () => {
    await page.getByRole("button", { name: "Add stage" }).click();
    await expect(editor.getByTestId("pipeline-stage")).toHaveCount(8);
    await expect(stageName(page, 6)).toBeFocused();
    await page.keyboard.type("Reference check");
    await expect(page.getByTestId("pipeline-stage").nth(5)).toHaveAttribute("data-key", "reference_check");
    await expect(stageName(page, 6)).toHaveAccessibleDescription(/Key reference_check \(new: from the name\)/);
    await page.getByLabel("Type of stage 6").selectOption({ label: "Phone screen" });
  });

  await test.step("rename a stage: it keeps its key", async () => {
    await stageName(page, 4).fill("Onsite interview");
    await expect(page.getByTestId("pipeline-stage").nth(3)).toHaveAttribute("data-key", "onsite");
  });

  await test.step("re-order with the keyboard: focus stays on the moved stage's button", async () => {
    const up = page.getByRole("button", { name: "Move Reference check up" });
    await up.focus();
    await page.keyboard.press("Enter");
    await expect(stageName(page, 5)).toHaveValue("Reference check");
    await expect(up).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(stageName(page, 4)).toHaveValue("Reference check");
    await expect(up).toBeFocused();
    await page.keyboard.press("Space");
    await expect(stageName(page, 3)).toHaveValue("Reference check");
    await expect(up).toBeFocused();
    const down = page.getByRole("button", { name: "Move Reference check down" });
    await down.focus();
    await page.keyboard.press("Enter");
    await expect(stageName(page, 4)).toHaveValue("Reference check");
    await expect(down).toBeFocused();
    expect(await editorRows(page)).toEqual([
      "Sourced (prospect)",
      "Applied (applied)",
      "Take-home (take_home)",
      "Reference check (reference_check)",
      "Onsite interview (onsite)",
      "Offer (offer)",
      "Hired (hired)",
      "Rejected (rejected)",
    ]);
  });

  await test.step("re-order by drag: drop Onsite interview on Take-home", async () => {
    await page.getByTestId("pipeline-stage").nth(4).getByTestId("drag-handle").dragTo(page.getByTestId("pipeline-stage").nth(2));
    await expect(stageName(page, 3)).toHaveValue("Onsite interview");
    expect(await editorRows(page)).toEqual([
      "Sourced (prospect)",
      "Applied (applied)",
      "Onsite interview (onsite)",
      "Take-home (take_home)",
      "Reference check (reference_check)",
      "Offer (offer)",
      "Hired (hired)",
      "Rejected (rejected)",
    ]);
  });

  const removed = page.getByTestId("removed-stage");
  await test.step("remove an empty stage and one holding candidates; the box and the screen reader name the stage alike", async () => {
    // Renamed in this edit, then removed: both name it as saved, the name its candidates are in.
    await stageName(page, 6).fill("Offer call");
    await page.getByRole("button", { name: "Remove Offer call" }).click();
    await expect(removed.filter({ hasText: "Offer" })).toContainText("no candidates");
    await expect(page.getByText("Offer removed.", { exact: true })).toBeAttached();
    await page.getByRole("button", { name: "Remove Take-home" }).click();
    await expect(removed.filter({ hasText: "Take-home" })).toContainText("holds 2 candidates");
    await expect(page.getByText("Take-home removed. Choose where its 2 candidates go.", { exact: true })).toBeAttached();
    await expect(page.getByLabel("Move the candidates in Take-home to")).toHaveValue("");
    await expect(editor.getByTestId("pipeline-stage")).toHaveCount(6);
  });

  await test.step("the API's errors show next to their rows: an empty name, then the 409 for candidates with nowhere to go", async () => {
    await stageName(page, 1).fill("");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(stageName(page, 1)).toHaveAccessibleDescription("Must be 1 to 80 characters");
    await expect(stageName(page, 1)).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByText("Please check the highlighted fields")).toBeAttached();
    // Focus goes to the first field to fix, scrolled into view (not left on Save at the bottom).
    await expect(stageName(page, 1)).toBeFocused();
    await expect(stageName(page, 1)).toBeInViewport();
    await stageName(page, 1).fill("Sourced");

    await page.getByRole("button", { name: "Save changes" }).click();
    const where = page.getByLabel("Move the candidates in Take-home to");
    await expect(where).toHaveAccessibleDescription('"Take-home" holds 2 candidates: choose the stage they move to');
    await expect(where).toBeFocused();
    await expect(where).toBeInViewport();
    await expect(stageName(page, 1)).not.toHaveAttribute("aria-invalid", "true");
    await expect(page).toHaveURL(new RegExp(`/jobs/${jobId}/edit$`));
    // Nothing changed on the server.
    expect((await jobStages(request, jobId)).map((s) => s.key)).toEqual(["prospect", "applied", "take_home", "onsite", "offer", "hired", "rejected"]);
  });

  await test.step("choose where they go and save: “Job saved.” on the board", async () => {
    await page.getByLabel("Move the candidates in Take-home to").selectOption({ label: "Onsite interview" });
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page).toHaveURL(new RegExp(`/jobs/${jobId}$`));
    await expect(page.getByRole("status").filter({ hasText: "Job saved." })).toBeVisible();
  });

  expect(await jobStages(request, jobId)).toEqual([
    { key: "prospect", name: "Sourced", type: "prospect" },
    { key: "applied", name: "Applied", type: "applied" },
    { key: "onsite", name: "Onsite interview", type: "inprogress" },
    { key: "reference_check", name: "Reference check", type: "phonescreen" },
    { key: "hired", name: "Hired", type: "hired" },
    { key: "rejected", name: "Rejected", type: "rejected" },
  ]);
  const list = await api(request, "GET", `/candidates?job_id=${jobId}&limit=100`);
  const stageOf = new Map<number, string>(list.map((c: { id: number; stage: string }) => [c.id, c.stage]));
  expect(candidates.map((id) => stageOf.get(id))).toEqual(["onsite", "onsite", "applied"]);

  await test.step("a removed stage's key never comes back: a new “Offer” is offer_2", async () => {
    await page.goto(`/jobs/${jobId}/edit`);
    await expect(page.getByTestId("pipeline-stage")).toHaveCount(6);
    await page.getByRole("button", { name: "Add stage" }).click();
    await page.keyboard.type("Offer");
    await expect(page.getByTestId("pipeline-stage").nth(4)).toHaveAttribute("data-key", "offer_2");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page).toHaveURL(new RegExp(`/jobs/${jobId}$`));
    expect((await jobStages(request, jobId)).map((s) => s.key)).toEqual(["prospect", "applied", "onsite", "reference_check", "offer_2", "hired", "rejected"]);
  });
});

test.describe("Settings → Pipeline", () => {
  // The template is the company's: leave it at the default for the specs after this one, whatever happens.
  test.afterEach(async ({ page }) => {
    await page.goto("/settings/pipeline");
    const reset = page.getByRole("button", { name: "Reset to default" });
    if (await reset.isEnabled()) {
      await reset.click();
      await page.getByRole("dialog", { name: "Reset to the default pipeline?" }).getByRole("button", { name: "Reset to default" }).click();
      await expect(page.getByText("Default pipeline", { exact: true })).toBeVisible();
    }
  });

  test("the template changes what a new job starts with; Reset to default", async ({ page, request }) => {
    test.setTimeout(120_000);
    await page.goto("/settings/pipeline");
    await expect(page.getByRole("navigation", { name: "Settings" }).getByRole("link", { name: "Pipeline" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByText("Default pipeline", { exact: true })).toBeVisible();
    expect(await editorRows(page)).toEqual([
      "Prospect (prospect)",
      "Applied (applied)",
      "Phone screen (phonescreen)",
      "In progress (inprogress)",
      "Hired (hired)",
      "Rejected (rejected)",
    ]);

    // The pipeline's rules are the API's: without a Hired stage the list is refused, said above the list.
    await page.getByLabel("Type of stage 5").selectOption({ label: "In progress" });
    await page.getByRole("button", { name: "Save template" }).click();
    await expect(page.getByRole("alert").filter({ hasText: 'Needs at least one stage of type "hired"' })).toBeVisible();
    await page.getByLabel("Type of stage 5").selectOption({ label: "Hired" });

    await page.getByRole("button", { name: "Add stage" }).click();
    await page.keyboard.type("Culture chat");
    await page.getByLabel("Type of stage 5").selectOption({ label: "Phone screen" });
    await stageName(page, 4).fill("Interviews");
    await page.getByRole("button", { name: "Move Culture chat up" }).click();
    await page.getByRole("button", { name: "Remove Phone screen" }).click();
    await page.getByRole("button", { name: "Save template" }).click();
    await expect(page.getByText("Saved. New jobs start with these stages.")).toBeVisible();
    await expect(page.getByText("Custom template", { exact: true })).toBeVisible();
    const template = ["Prospect (prospect)", "Applied (applied)", "Culture chat (culture_chat)", "Interviews (inprogress)", "Hired (hired)", "Rejected (rejected)"];
    expect(await editorRows(page)).toEqual(template);
    await page.reload();
    expect(await editorRows(page)).toEqual(template);

    await page.goto("/jobs/new");
    expect(await editorRows(page)).toEqual(template);
    await page.getByLabel("Title").fill(`Template job ${unique()}`);
    await page.getByRole("checkbox", { name: /Public/ }).uncheck();
    await page.getByRole("button", { name: "Create job" }).click();
    await expect(page).toHaveURL(/\/jobs\/\d+$/);
    await expect(page.getByRole("status").filter({ hasText: "Job created." })).toBeVisible();
    const jobId = Number(new URL(page.url()).pathname.split("/").pop());
    expect(await jobStages(request, jobId)).toEqual([
      { key: "prospect", name: "Prospect", type: "prospect" },
      { key: "applied", name: "Applied", type: "applied" },
      { key: "culture_chat", name: "Culture chat", type: "phonescreen" },
      { key: "inprogress", name: "Interviews", type: "inprogress" },
      { key: "hired", name: "Hired", type: "hired" },
      { key: "rejected", name: "Rejected", type: "rejected" },
    ]);

    await gotoHydrated(page, "/settings/pipeline");
    await page.getByRole("button", { name: "Reset to default" }).click();
    const dialog = page.getByRole("dialog", { name: "Reset to the default pipeline?" });
    await dialog.getByRole("button", { name: "Reset to default" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText("Reset to the default pipeline.")).toBeVisible();
    await expect(page.getByText("Default pipeline", { exact: true })).toBeVisible();
    await page.goto("/jobs/new");
    expect(await editorRows(page)).toEqual([
      "Prospect (prospect)",
      "Applied (applied)",
      "Phone screen (phonescreen)",
      "In progress (inprogress)",
      "Hired (hired)",
      "Rejected (rejected)",
    ]);
    // The job made from the custom template keeps its stages.
    expect((await jobStages(request, jobId)).map((s) => s.key)).toContain("culture_chat");
  });
});

test("Settings → Reject reasons: add, a duplicate refused inline, rename, archive and restore", async ({ page, request }) => {
  const id = unique();
  const name = `Visa sponsorship ${id}`;
  const listed = async () =>
    ((await api(request, "GET", "/reject_reasons")) as { id: number; name: string; archived: boolean }[]).filter((r) => r.name.includes(id));

  await page.goto("/settings/reject-reasons");
  const inUse = page.getByRole("list", { name: /In use/ });
  await expect(inUse.getByText("Withdrew", { exact: true })).toBeVisible();

  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByRole("button", { name: "Add reason" }).click();
  await expect(page.getByRole("status").filter({ hasText: `Added “${name}”.` })).toBeVisible();
  await expect(inUse.getByText(name, { exact: true })).toBeVisible();
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue("");

  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByRole("button", { name: "Add reason" }).click();
  await expect(page.getByLabel("Name", { exact: true })).toHaveAccessibleDescription("Already used by another reason");

  const renamed = `Needs visa sponsorship ${id}`;
  await page.getByRole("button", { name: `Rename ${name}` }).click();
  const input = page.getByLabel(`New name for ${name}`);
  await expect(input).toBeFocused();
  await input.fill(renamed);
  await input.press("Enter");
  await expect(page.getByRole("status").filter({ hasText: `Renamed to “${renamed}”.` })).toBeVisible();
  await expect(page.getByRole("button", { name: `Rename ${renamed}` })).toBeFocused();
  expect(await listed()).toEqual([expect.objectContaining({ name: renamed, archived: false })]);

  await page.getByRole("button", { name: `Archive ${renamed}` }).click();
  const archived = page.getByRole("list", { name: /Archived/ });
  await expect(archived.getByTestId("reject-reason").filter({ hasText: renamed })).toContainText("Archived");
  await expect(inUse.getByText(renamed, { exact: true })).toHaveCount(0);
  await expect(page.getByRole("button", { name: `Restore ${renamed}` })).toBeFocused();
  expect(await listed()).toEqual([expect.objectContaining({ name: renamed, archived: true })]);
  // Archived is kept across a reload (the server's state).
  await page.reload();
  await expect(page.getByRole("list", { name: /Archived/ }).getByText(renamed)).toBeVisible();
  await expectNoSeriousViolations(page, "reject reasons with an archived reason");

  await page.getByRole("button", { name: `Restore ${renamed}` }).click();
  await expect(inUse.getByText(renamed, { exact: true })).toBeVisible();
  expect(await listed()).toEqual([expect.objectContaining({ name: renamed, archived: false })]);
});

for (const width of [1280, 390]) {
  test(`axe at ${width} px: the pipeline editor with a removed stage asking where its candidates go and the API's errors shown`, async ({ page, request }) => {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    const job = await api(request, "POST", "/jobs", { title: `Pipeline axe ${unique()}`, is_public: false });
    await api(request, "POST", "/candidates", { job_id: job.id, name: "Axe Candidate", email: `axe-${unique()}@example.com`, stage: "phonescreen" });
    await gotoHydrated(page, `/jobs/${job.id}/edit`);
    await page.getByRole("button", { name: "Remove Phone screen" }).click();
    await expect(page.getByText("Phone screen removed. Choose where its 1 candidate goes.", { exact: true })).toBeAttached();
    await page.getByRole("button", { name: "Add stage" }).click();
    await page.getByRole("button", { name: "Save changes" }).click();
    // The request's own errors first (400: the new stage has no name), then the 409 for the candidates.
    await expect(stageName(page, 4)).toHaveAccessibleDescription("Must be 1 to 80 characters");
    await expect(stageName(page, 4)).toBeFocused();
    await expect(stageName(page, 4)).toBeInViewport();
    await expectNoSeriousViolations(page, `job form at ${width} px: pipeline editor with a removed stage and a stage's error`);
    await stageName(page, 4).fill("Screening call");
    await page.getByRole("button", { name: "Save changes" }).click();
    const where = page.getByLabel("Move the candidates in Phone screen to");
    await expect(where).toHaveAccessibleDescription('"Phone screen" holds 1 candidate: choose the stage they move to');
    await expect(where).toBeFocused();
    await expect(where).toBeInViewport();
    await expectNoSeriousViolations(page, `job form at ${width} px: pipeline editor asking where a removed stage's candidates go`);
  });
}

test("axe: Settings → Pipeline with errors; focus on the first field to fix", async ({ page }) => {
  await gotoHydrated(page, "/settings/pipeline");
  await page.getByLabel("Type of stage 1").selectOption({ label: "Hired" });
  await page.getByRole("button", { name: "Save template" }).click();
  await expect(page.getByLabel("Type of stage 1")).toHaveAccessibleDescription('The first stage cannot be of type "hired"');
  await expect(page.getByLabel("Type of stage 1")).toBeFocused();
  await expectNoSeriousViolations(page, "settings: pipeline with errors");
});
