import { expect, test } from "@playwright/test";
import { adminUserId, jobIdByTitle, query } from "./support/db.ts";
import { gotoHydrated } from "./support/page.ts";

const NAMES = ["Hana Kobayashi", "Priya Natarajan", "Marco Rossi"];

test("bulk move of three candidates to Rejected, with a reason: one candidate.stage_changed each, changed_by user", async ({ page }) => {
  const jobId = await jobIdByTitle("Senior Backend Engineer");
  const userId = await adminUserId();
  const ids = (await query<{ id: number }>("SELECT id FROM candidates WHERE job_id = $1 AND name = ANY($2) ORDER BY id", [jobId, NAMES])).map((r) => r.id);
  expect(ids).toHaveLength(3);
  const eventsFor = () =>
    query<{ payload: any }>(
      "SELECT payload FROM events WHERE type = 'candidate.stage_changed' AND (payload->'candidate'->>'id')::int = ANY($1) AND payload->'stage_change'->>'new_stage' = 'rejected' ORDER BY occurred_at",
      [ids],
    );
  expect(await eventsFor()).toHaveLength(0);

  await gotoHydrated(page, `/jobs/${jobId}`);
  for (const name of NAMES) await page.getByRole("checkbox", { name: `Select ${name}` }).check();
  await expect(page.getByText("3 selected")).toBeVisible();
  await page.getByLabel("Move selected to").selectOption("rejected");
  await page.getByRole("button", { name: "Move", exact: true }).click();
  // A move to a rejected-type stage asks why, once for the whole selection.
  const dialog = page.getByRole("dialog", { name: "Reject 3 candidates?" });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("Reason").selectOption({ label: "Position filled" });
  await dialog.getByRole("button", { name: "Reject" }).click();
  await expect(dialog).toBeHidden();

  const rejected = page.locator('section[data-stage="rejected"]');
  for (const name of NAMES) await expect(rejected.getByRole("link", { name })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Moved 3 candidates to Rejected." })).toBeAttached();
  await expect(page.getByRole("checkbox", { name: "Select Hana Kobayashi" })).not.toBeChecked();

  // Survives a reload (the server state, not only the optimistic update).
  await page.reload();
  for (const name of NAMES) await expect(page.locator('section[data-stage="rejected"]').getByRole("link", { name })).toBeVisible();

  const events = await eventsFor();
  expect(events).toHaveLength(3);
  expect(events.map((e) => e.payload.candidate.id).sort((a: number, b: number) => a - b)).toEqual(ids);
  for (const { payload } of events) {
    expect(payload.stage_change).toMatchObject({
      new_stage: "rejected",
      new_stage_type: "rejected",
      new_stage_name: "Rejected",
      reject_reason: { id: expect.any(Number), name: "Position filled" },
      changed_by: "user",
      changed_by_user_id: userId,
    });
    expect(payload.stage_change.previous_stage).not.toBe("rejected");
  }

  // Moving them to the stage they are in changes nothing and emits nothing (and asks for no reason).
  for (const name of NAMES) await page.getByRole("checkbox", { name: `Select ${name}` }).check();
  await page.getByLabel("Move selected to").selectOption("rejected");
  await page.getByRole("button", { name: "Move", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "Already in Rejected." })).toBeAttached();
  await expect(dialog).toBeHidden();
  expect(await eventsFor()).toHaveLength(3);
});
