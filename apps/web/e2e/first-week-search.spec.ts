import { randomBytes } from "node:crypto";
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { expectNoSeriousViolations } from "./support/axe.ts";
import { candidateIdByEmail, jobIdByTitle, query } from "./support/db.ts";
import { gotoHydrated } from "./support/page.ts";

/**
 * Issue 28 items 4 and 6 in the web app: what a parsed resume filled in (and another e-mail it gives)
 * on the candidate page, the relevance cue of a search in /candidates, and the Ctrl+K switcher's order
 * (a job whose title matches above a candidate only a resume mentions).
 */

const RESUME = path.resolve(import.meta.dirname, "../../../packages/worker/test/fixtures/resumes/priya-raman.pdf");

/** Letters only (names are words): a tag no other spec's data holds. */
const tag = () => randomBytes(8).toString("hex").replace(/\d/g, (d) => "ghijklmnop"[Number(d)]!).slice(0, 8);
const capital = (word: string) => `${word[0]!.toUpperCase()}${word.slice(1)}`;

/** A candidate of the demo backend job, with a parsed resume's text when given (what search reads). */
async function addCandidate(name: string, resumeText?: string): Promise<number> {
  const [row] = await query<{ id: number }>(
    `INSERT INTO candidates (company_id, job_id, name, email, stage, application_source, resume_text, resume_status)
     SELECT company_id, id, $1, $2, 'applied', 'manual', $3::text, CASE WHEN $3::text IS NULL THEN NULL ELSE 'completed' END::resume_status FROM jobs WHERE id = $4 RETURNING id`,
    [name, `search.week+${randomBytes(4).toString("hex")}@example.com`, resumeText ?? null, await jobIdByTitle("Senior Backend Engineer")],
  );
  return row!.id;
}

/** Opens the quick switcher (the shortcut works once the page is hydrated: pressed until it opens; it only ever opens). */
async function openQuickSwitcher(page: Page) {
  const dialog = page.getByRole("dialog", { name: "Go to a candidate or a job" });
  await expect(async () => {
    await page.keyboard.press("Control+k");
    await expect(dialog).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await expect(page.getByRole("combobox", { name: "Go to a candidate or a job" })).toBeFocused();
  return dialog;
}

test("a careers applicant who typed name and e-mail: the resume fills phone, location and LinkedIn, and its other e-mail is shown as such", async ({ page }) => {
  test.setTimeout(120_000);
  const t = tag();
  const name = `Rosa ${capital(t)}`;
  const email = `rosa.${t}@example.com`;

  await test.step("apply on the careers page with name, e-mail and a resume only", async () => {
    await gotoHydrated(page, `/careers/acme/jobs/${await jobIdByTitle("Product Designer")}`);
    await page.getByLabel("Full name").fill(name);
    await page.getByLabel("E-mail").fill(email);
    await page.getByLabel("Resume").setInputFiles(RESUME);
    await page.getByRole("button", { name: "Submit application" }).click();
    await expect(page.getByTestId("application-received")).toContainText(`Thank you, ${name}!`);
  });

  const id = await candidateIdByEmail(email);
  // Parsing runs in the background: wait until it has finished.
  await expect.poll(async () => (await query<{ s: string | null }>("SELECT resume_status::text AS s FROM candidates WHERE id = $1", [id]))[0]?.s, { timeout: 60_000 }).toBe("completed");

  await page.goto(`/candidates/${id}`);
  await test.step("the contact fields: typed ones kept, empty ones filled from the resume, the resume's e-mail beside the typed one", async () => {
    await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
    // The Contact card (the resume's parsed data below repeats some of these).
    const contact = page.getByRole("heading", { name: "Contact", level: 2 }).locator("..");
    await expect(contact.getByRole("link", { name: email })).toHaveAttribute("href", `mailto:${email}`);
    await expect(contact.getByTestId("resume-other-email")).toHaveText("The resume gives another e-mail: priya.raman@example.net");
    // The phone as the parser normalised it (the fixture's "(212) 555-0143" has no country code).
    const [parsed] = await query<{ phone: string }>("SELECT resume_data->>'phone' AS phone FROM candidates WHERE id = $1", [id]);
    expect(parsed!.phone).toMatch(/^\+\d+2125550143$/);
    await expect(contact.getByRole("link", { name: parsed!.phone })).toHaveAttribute("href", `tel:${parsed!.phone}`);
    await expect(contact.getByRole("link", { name: "linkedin.com/in/priyaraman" })).toHaveAttribute("href", "https://www.linkedin.com/in/priyaraman");
    await expect(contact.getByText("New York, NY", { exact: true })).toBeVisible();
  });

  await test.step("the timeline says what the resume filled and which other e-mail it gives", async () => {
    const entry = page.getByTestId("activity-resume_processed");
    await expect(entry).toHaveCount(1);
    await expect(entry).toContainText("Resume parsed · filled phone, location and LinkedIn from it");
    await expect(entry).toContainText("The resume gives another e-mail: priya.raman@example.net");
  });
  await expectNoSeriousViolations(page, "candidate page with a resume's other e-mail");
});

test("/candidates search 'marcus': each row says why it matched (name, resume mention, similar name), in words", async ({ page }) => {
  const t = tag();
  const prefix = await addCandidate(`Marcus ${capital(t)}`);
  const resume = await addCandidate(`Ruth ${capital(t)}`, `Ruth ${t}. Platform engineer; mentored by Marcus Brandt at Contoso, Go and PostgreSQL.`);
  const jobId = await jobIdByTitle("Senior Backend Engineer");
  const match = (id: number) => page.getByTestId(`row-${id}`).getByTestId("search-match");

  await page.goto(`/candidates?job=${jobId}&q=marcus`);
  await expect(page.getByRole("columnheader", { name: "Match" })).toBeVisible();
  await expect(match(prefix)).toHaveText("Name");
  await expect(match(resume)).toHaveText("Resume mentions it");
  await expectNoSeriousViolations(page, "/candidates searched, with the Match column");

  // A typo nothing matches exactly: the fallback says it is only a similar spelling.
  await page.goto(`/candidates?job=${jobId}&q=${encodeURIComponent(`marcsu ${t}`)}`);
  await expect(match(prefix)).toHaveText("Similar name");

  // Without a search there is nothing to explain: no Match column.
  await page.goto(`/candidates?job=${jobId}`);
  await expect(page.getByTestId(`row-${prefix}`)).toBeVisible();
  await expect(page.getByRole("columnheader", { name: "Match" })).toHaveCount(0);
});

test("Ctrl+K 'design': the job Product Designer comes above a backend candidate whose resume merely mentions design", async ({ page }) => {
  const t = tag();
  const name = `Bruno ${capital(t)}`;
  // The newest resume mention: first among the candidates the resume tier finds.
  await addCandidate(name, `${name}, Berlin. Backend engineer: Go and PostgreSQL services; ran the system design reviews of the platform team.`);

  await page.goto("/jobs");
  const dialog = await openQuickSwitcher(page);
  await page.keyboard.type("design");
  const job = dialog.getByRole("option", { name: /^Product Designer/ });
  const candidate = dialog.getByRole("option", { name: new RegExp(`^${name}`) });
  await expect(job).toBeVisible();
  await expect(candidate).toBeVisible();
  await expect(candidate).toContainText("Resume mentions it");

  const order = await dialog.getByRole("option").evaluateAll((options) => options.map((option) => option.id));
  const [jobId, candidateId] = await Promise.all([job.getAttribute("id"), candidate.getAttribute("id")]);
  expect(order.indexOf(jobId!), order.join(", ")).toBeLessThan(order.indexOf(candidateId!));
  await expectNoSeriousViolations(page, "quick switcher 'design' with relevance cues");

  await job.click();
  await expect(page.getByRole("heading", { name: "Product Designer", level: 1 })).toBeVisible();
});
