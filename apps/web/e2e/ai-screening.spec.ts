import { randomBytes } from "node:crypto";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { candidateIdByEmail, query } from "./support/db.ts";
import { saveScreenshot } from "./support/screenshots.ts";
import { gotoHydrated } from "./support/page.ts";

// Go, PostgreSQL and about ten years of dated experience (packages/worker/test/resume/fields.test.ts).
const RESUME = path.resolve(import.meta.dirname, "../../../packages/worker/test/fixtures/resumes/marcus-oneill.pdf");

interface ApiCriterion {
  id: string;
  type: string;
  value: string | number | null;
  required: boolean;
  weight: number;
}

/**
 * A job of its own: the specs share the seeded company and run in file order, and this one runs
 * first; turning on "Score and move" for the demo job would move the candidates other specs apply
 * with.
 */
test("AI screening: set criteria on the job form → apply on the careers page → score, evidence and the agent's move", async ({ page, browser, baseURL }) => {
  test.setTimeout(180_000);
  const suffix = randomBytes(3).toString("hex");
  const title = `Payments Platform Engineer ${suffix}`;
  const email = `marcus.oneill+${suffix}@example.org`;
  let jobId = 0;

  const getJob = async () => {
    const res = await page.request.get(`/api/trpc/jobs.get?input=${encodeURIComponent(JSON.stringify({ id: String(jobId) }))}`);
    expect(res.status()).toBe(200);
    return (await res.json()).result.data.data;
  };

  await test.step("create a job (screening off by default)", async () => {
    await gotoHydrated(page, "/jobs/new");
    await page.getByLabel("Title").fill(title);
    await page.getByLabel("Department").fill("Engineering");
    await page.getByLabel("Location type").selectOption("hybrid");
    await page.getByLabel("Locations").fill("London, Remote");
    await expect(page.getByRole("radio", { name: "Off", exact: true })).toBeChecked();
    await expect(page.getByTestId("screening-summary")).toHaveText("No scoring: fit scores stay empty.");
    await page.getByRole("button", { name: "Create job" }).click();
    await expect(page).toHaveURL(/\/jobs\/\d+$/);
    jobId = Number(new URL(page.url()).pathname.split("/").pop());
    await expect(page.getByRole("heading", { name: title })).toBeVisible();
    // Screening off: no re-score button, no audit link.
    await expect(page.getByRole("button", { name: "Re-score all candidates" })).toHaveCount(0);
    expect((await getJob()).screening).toEqual({ mode: "off", criteria: [], advance: null, reject_on_required_miss: false });
  });

  await test.step("edit: Score and move, three criteria, advance at 60 to Phone screen; the API's errors show on their row", async () => {
    await gotoHydrated(page, `/jobs/${jobId}/edit`);
    await page.getByRole("radio", { name: "Score and move", exact: true }).check();
    await expect(page.getByTestId("screening-summary")).toHaveText("The agent scores each new candidate and never moves anyone.");

    const criterion = (n: number) => page.getByRole("group", { name: `Criterion ${n}`, exact: true });
    await page.getByRole("button", { name: "Add criterion" }).click();
    await criterion(1).getByLabel("Skill").fill("PostgreSQL");
    await criterion(1).getByRole("checkbox", { name: "Required" }).check();
    await criterion(1).getByLabel("Weight").selectOption("3");
    await page.getByRole("button", { name: "Add criterion" }).click();
    await page.getByRole("button", { name: "Add criterion" }).click();
    await criterion(3).getByLabel("Type").selectOption("min_years");
    await criterion(3).getByLabel("Years of experience, at least").fill("5");

    await page.getByRole("checkbox", { name: "Advance candidates who score high enough" }).check();
    await page.getByLabel("Score at least").fill("60");
    await page.getByLabel("Move them to").selectOption("phonescreen");
    await expect(page.getByTestId("screening-summary")).toHaveText(
      "The agent scores each new candidate. When a candidate scores 60 or more, it moves them to Phone screen. It never rejects anyone.",
    );

    // Criterion 2 has no skill yet: the API refuses screening.criteria[1].value, shown on that row.
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText("Please check the highlighted fields")).toBeVisible();
    await expect(criterion(2).getByLabel("Skill")).toHaveAttribute("aria-invalid", "true");
    await expect(criterion(1).getByLabel("Skill")).not.toHaveAttribute("aria-invalid", "true");
    expect((await getJob()).screening.mode).toBe("off");

    await criterion(2).getByLabel("Skill").fill("Go");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page).toHaveURL(new RegExp(`/jobs/${jobId}$`));
    await expect(page.getByRole("heading", { name: "AI screening: Score and move" })).toBeVisible();
    await expect(page.getByText("When a candidate scores 60 or more, it moves them to Phone screen.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Download screening audit (CSV)" })).toHaveAttribute("href", `/api/jobs/${jobId}/screening-audit.csv`);

    const { screening } = await getJob();
    expect(screening).toMatchObject({ mode: "auto", advance: { min_score: 60, to_stage: "phonescreen" }, reject_on_required_miss: false });
    expect(screening.criteria.map(({ type, value, required, weight }: ApiCriterion) => ({ type, value, required, weight }))).toEqual([
      { type: "skill", value: "PostgreSQL", required: true, weight: 3 },
      { type: "skill", value: "Go", required: false, weight: 1 },
      { type: "min_years", value: 5, required: false, weight: 1 },
    ]);

    // Saved again from the form, the criteria keep their ids.
    await page.goto(`/jobs/${jobId}/edit`);
    await expect(page.getByRole("radio", { name: "Score and move", exact: true })).toBeChecked();
    await expect(criterion(1).getByLabel("Skill")).toHaveValue("PostgreSQL");
    await expect(criterion(1).getByLabel("Weight")).toHaveValue("3");
    await expect(criterion(3).getByLabel("Years of experience, at least")).toHaveValue("5");
    await expect(page.getByLabel("Score at least")).toHaveValue("60");
    await saveScreenshot(page, "job-ai-screening");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page).toHaveURL(new RegExp(`/jobs/${jobId}$`));
    expect((await getJob()).screening.criteria.map((c: ApiCriterion) => c.id)).toEqual(screening.criteria.map((c: ApiCriterion) => c.id));
  });

  await test.step("an applicant applies with a resume on the careers page", async () => {
    // A visitor: no session.
    const applicant = await browser.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
    const careers = await applicant.newPage();
    await careers.goto("/careers/acme");
    await careers.getByRole("link", { name: new RegExp(title) }).click();
    await expect(careers).toHaveURL(new RegExp(`/careers/acme/jobs/${jobId}$`));
    await careers.getByLabel("Full name").fill("Marcus O'Neill");
    await careers.getByLabel("E-mail").fill(email);
    await careers.getByLabel("Location").fill("London, United Kingdom");
    await careers.getByLabel("Resume").setInputFiles(RESUME);
    await careers.getByRole("button", { name: "Submit application" }).click();
    await expect(careers.getByTestId("application-received")).toContainText("Thank you, Marcus O'Neill!");
    await applicant.close();
  });

  const candidateId = await candidateIdByEmail(email);

  await test.step("the candidate page shows the score, every criterion with its evidence, and the agent's move", async () => {
    await page.goto(`/candidates/${candidateId}`);
    const section = page.getByTestId("ai-screening");
    // Parsing, then scoring, run in the background.
    await expect(async () => {
      await page.reload();
      await expect(section.getByTestId("fit-score")).toBeVisible({ timeout: 1_000 });
      await expect(page.getByTestId("activity-stage_changed")).toHaveCount(1, { timeout: 1_000 });
    }).toPass({ timeout: 60_000 });

    const score = Number((await section.getByTestId("fit-score").textContent())!.match(/\d+/)![0]);
    expect(score).toBeGreaterThanOrEqual(60);
    // The row's label (exactly: evidence quoted from the resume can hold "Engineer").
    await expect(section.getByText("Engine", { exact: true })).toBeVisible();
    const results = section.getByTestId("criterion-result");
    await expect(results).toHaveCount(3);
    await expect(results.nth(0)).toContainText("Skill: PostgreSQL");
    await expect(results.nth(0)).toContainText("Required · Weight 3");
    await expect(results.nth(0)).toContainText("Met");
    await expect(results.nth(1)).toContainText("Skill: Go");
    await expect(results.nth(2)).toContainText("At least 5 years of experience");
    for (let n = 0; n < 3; n++) await expect(results.nth(n).getByTestId("criterion-evidence")).not.toBeEmpty();
    await expect(results.nth(0).getByTestId("criterion-evidence")).toContainText(/PostgreSQL/i);

    const move = page.getByTestId("activity-stage_changed");
    await expect(move).toContainText(/AI agent moved from Applied to Phone screen — fit \d+ ≥ 60/);
    await expect(page.getByLabel(/^Stage of/)).toHaveValue("phonescreen");
    await saveScreenshot(page, "candidate-ai-screening");

    // The move went through changeStage with the agent as the actor.
    const [event] = await query<{ payload: any }>(
      "SELECT payload FROM events WHERE type = 'candidate.stage_changed' AND (payload->'candidate'->>'id')::int = $1",
      [candidateId],
    );
    expect(event?.payload.stage_change).toEqual({
      previous_stage: "applied",
      new_stage: "phonescreen",
      previous_stage_type: "applied",
      new_stage_type: "phonescreen",
      previous_stage_name: "Applied",
      new_stage_name: "Phone screen",
      reject_reason: null,
      changed_by: "ai_agent",
      changed_by_user_id: null,
    });
  });

  await test.step("the board: fit badge, sort by fit, re-score with progress, audit CSV", async () => {
    await page.goto(`/jobs/${jobId}`);
    const card = page.locator('section[data-stage="phonescreen"]').getByTestId(`card-${candidateId}`);
    await expect(card.getByTestId("fit-badge")).toHaveText(/^Fit \d+$/);
    await page.getByLabel("Sort cards").selectOption("fit");
    await expect(page.getByLabel("Sort cards")).toHaveValue("fit");

    await page.getByRole("button", { name: "Re-score all candidates" }).click();
    await expect(page.getByTestId("rescore-status")).toContainText("Re-score finished: scored 1 of 1.", { timeout: 60_000 });
    // A re-score moves no one.
    await expect(card).toBeVisible();
    await expect(card.getByTestId("fit-badge")).toHaveText(/^Fit \d+$/);

    const csv = await page.request.get(`/api/jobs/${jobId}/screening-audit.csv`);
    expect(csv.status()).toBe(200);
    expect(csv.headers()["content-type"]).toContain("text/csv");
    const lines = (await csv.text()).trim().split(/\r?\n/);
    expect(lines[0]).toMatch(/^run_id,/);
    // The first scoring and the re-score.
    expect(lines.length).toBeGreaterThanOrEqual(3);
  });
});
