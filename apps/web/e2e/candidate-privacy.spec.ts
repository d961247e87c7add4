import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { jobIdByTitle, query } from "./support/db.ts";

/**
 * A data access request and an erasure request in the web app: the candidate page's "Export data
 * (JSON)" downloads everything held, and "Delete candidate" (after a confirmation that says it cannot
 * be undone) erases the person; the database row, notes and events are gone afterwards.
 */
test("candidate page: export the person's data, then delete them for good", async ({ page }) => {
  const jobId = await jobIdByTitle("Senior Backend Engineer");
  const email = `erase.me+${randomBytes(3).toString("hex")}@example.com`;
  const [row] = await query<{ id: number }>(
    `INSERT INTO candidates (company_id, job_id, name, email, phone, stage, application_source)
     SELECT company_id, id, 'Erin Erasure', $1, '+4930123456', 'applied', 'manual' FROM jobs WHERE id = $2 RETURNING id`,
    [email, jobId],
  );
  const id = row!.id;

  await page.goto(`/candidates/${id}`);
  await expect(page.getByRole("heading", { name: "Erin Erasure" })).toBeVisible();
  await page.getByLabel("Add a note").fill("Asked for a copy of their data");
  await page.getByRole("button", { name: "Add note" }).click();
  // Wait for the saved note in the timeline: getByText alone also matches the textarea while it is still saving
  // (React mirrors a controlled textarea's value into its text), and the export would race the save.
  await expect(page.getByTestId("activity-note_added").first()).toContainText("Asked for a copy of their data");
  await expect(page.getByLabel("Add a note")).toHaveValue("");

  await test.step("Export data (JSON) downloads the whole document", async () => {
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Export data (JSON)" }).click()]);
    expect(download.suggestedFilename()).toBe(`candidate-${id}-export.json`);
    const doc = JSON.parse(await readFile((await download.path())!, "utf8"));
    expect(doc.data.candidate).toMatchObject({ id, name: "Erin Erasure", email });
    expect(doc.data.activities.map((a: { note: string | null }) => a.note)).toContain("Asked for a copy of their data");
  });

  await test.step("Delete candidate asks first, then erases for good", async () => {
    await page.getByRole("button", { name: "Delete candidate" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete Erin Erasure?" });
    await expect(dialog).toContainText("This cannot be undone.");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    expect(await query("SELECT id FROM candidates WHERE id = $1", [id])).toHaveLength(1);

    await page.getByRole("button", { name: "Delete candidate" }).click();
    await page.getByRole("dialog", { name: "Delete Erin Erasure?" }).getByRole("button", { name: "Delete for good" }).click();
    await expect(page).toHaveURL(new RegExp(`/jobs/${jobId}`));
    // The board says what happened (without naming the person: the name would outlive them in the URL).
    await expect(page.getByRole("status").filter({ hasText: "Candidate deleted" })).toContainText("erased for good");
    await expect(page.getByText("Erin Erasure")).toHaveCount(0);
    expect(await query("SELECT id FROM candidates WHERE id = $1", [id])).toHaveLength(0);
    expect(await query("SELECT id FROM candidate_activities WHERE candidate_id = $1", [id])).toHaveLength(0);
    expect(await query(`SELECT id FROM events WHERE payload::text LIKE $1`, [`%${email}%`])).toHaveLength(0);
    expect(await query(`SELECT id FROM events WHERE type = 'candidate.deleted' AND payload -> 'candidate' ->> 'id' = $1`, [String(id)])).toHaveLength(1);
    expect((await page.goto(`/candidates/${id}`))?.status()).toBe(404);
  });
});

test("deleting a candidate without a job lands on the jobs list, which says so", async ({ page }) => {
  const [row] = await query<{ id: number }>(
    `INSERT INTO candidates (company_id, job_id, name, email, stage, application_source)
     SELECT company_id, NULL, 'Nora Nojob', $1, 'prospect', 'manual' FROM jobs WHERE id = $2 RETURNING id`,
    [`nora.nojob+${randomBytes(3).toString("hex")}@example.com`, await jobIdByTitle("Senior Backend Engineer")],
  );
  await page.goto(`/candidates/${row!.id}`);
  await expect(page.getByRole("heading", { name: "Nora Nojob" })).toBeVisible();
  await page.getByRole("button", { name: "Delete candidate" }).click();
  await page.getByRole("dialog", { name: "Delete Nora Nojob?" }).getByRole("button", { name: "Delete for good" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Candidate deleted" })).toContainText("erased for good");
  // Said once: the ?erased=1 that brought it is taken out of the address (first-week.spec.ts reloads).
  await expect(page).toHaveURL(/\/jobs$/);
  expect(await query("SELECT id FROM candidates WHERE id = $1", [row!.id])).toHaveLength(0);
});
