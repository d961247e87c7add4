import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { simpleParser } from "mailparser";
import { expectNoSeriousViolations } from "./support/axe.ts";
import { candidateIdByEmail, query } from "./support/db.ts";
import { gotoHydrated } from "./support/page.ts";

/**
 * Scheduling an interview in the web app (issue 26 §1, §2): the owner adds an interview kit to the stage a
 * demo candidate is in (the job form's pipeline editor), schedules that kit on the candidate's page with
 * the demo recruiter and the candidate, sees it listed, finds each invitation with its calendar file in
 * Settings → E-mail log (the e2e server has no SMTP_URL, like `npm run dev`), and cancels it. The .eml of
 * the candidate's invitation parses with its text/calendar part and carries none of the panel's brief.
 * The form's time zone starts at the member's (My availability's, else the browser's) and is searched, not
 * picked from all ~420; the interview is listed in the zone it was booked in; Reschedule moves it
 * (issue 43 §5).
 */
test("schedule an interview for a demo candidate, see it listed and its invitation with the .ics in the e-mail log", async ({ page }) => {
  const id = await candidateIdByEmail("lena.fischer@example.com");
  const title = `Technical interview ${randomBytes(3).toString("hex")}`;

  const brief = `Panel only ${randomBytes(3).toString("hex")}: probe caching`;

  await test.step("the job form adds an interview kit to the candidate's stage", async () => {
    const [row] = await query<{ job_id: number; stage: string }>("SELECT job_id, stage FROM candidates WHERE id = $1", [id]);
    await gotoHydrated(page, `/jobs/${row!.job_id}/edit`);
    const stage = page.getByRole("list", { name: "Stages" }).locator(`[data-testid="pipeline-stage"][data-key="${row!.stage}"]`);
    // Open unless it is already: a stage that has kits (an earlier run's) shows them open.
    const plan = stage.locator("details");
    if (!(await plan.evaluate((element) => (element as HTMLDetailsElement).open))) await stage.locator("summary").click();
    await stage.getByRole("button", { name: /^Add interview/ }).click();
    const kit = stage.getByTestId("stage-interview").last();
    await kit.getByLabel(/^Interview \d+ of /).fill(title);
    await kit.getByLabel("Minutes").fill("45");
    await kit.getByLabel(/^Focus points/).fill("System design, Communication");
    await kit.getByLabel("Instructions for the panel").fill(brief);
    await expectNoSeriousViolations(page, "job form, interview kit");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page).toHaveURL(new RegExp(`/jobs/${row!.job_id}$`));
  });

  await test.step("the candidate page schedules it from the kit", async () => {
    await gotoHydrated(page, `/candidates/${id}`);
    const section = page.getByRole("heading", { name: "Interviews", level: 2 }).locator("..");
    await section.getByRole("button", { name: "Schedule interview" }).click();
    const form = page.getByRole("form", { name: "Schedule an interview" });
    const zone = form.getByLabel("Time zone", { exact: true });
    const [own] = await query<{ time_zone: string }>("SELECT a.time_zone FROM member_availability a JOIN users u ON u.id = a.user_id WHERE u.email = 'admin@acme.test'");
    await expect(zone).toHaveValue(own?.time_zone ?? (await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)));
    expect(await zone.locator("option").count()).toBeLessThan(40);
    await form.getByLabel("Interview kit").selectOption({ label: `${title} · 45 min` });
    await expect(form.getByLabel("Title")).toHaveValue(title);
    await expect(form.getByLabel("Duration")).toHaveValue("45");
    await form.getByLabel("Starts").fill("2030-05-06T10:00");
    await form.getByLabel("Search time zones").fill("berlin");
    // The matches, and the zone chosen so far (kept in the list so the choice never changes silently).
    await expect(zone.locator("option", { hasText: /^Europe\/Berlin \(GMT\+0[12]:00\)$/ })).toHaveCount(1);
    expect(await zone.locator("option").count()).toBeLessThanOrEqual(2);
    await zone.selectOption("Europe/Berlin");
    await form.getByLabel("Video call link").fill("https://meet.example.com/e2e");
    // The signed-in owner is on the panel already; the demo recruiter joins.
    await expect(form.getByRole("checkbox", { name: "Ada Admin" })).toBeChecked();
    await form.getByRole("checkbox", { name: "Rui Recruiter" }).check();
    await form.getByRole("checkbox", { name: /Send the candidate an invitation too/ }).check();
    await expectNoSeriousViolations(page, "candidate page, schedule form");
    await form.getByRole("button", { name: "Schedule and send invitations" }).click();
    await expect(page.getByTestId("interview-scheduled")).toContainText("Interview scheduled");
    const item = page.getByRole("list", { name: "Upcoming interviews" }).getByTestId("interview-item").filter({ hasText: title });
    await expect(item).toContainText("With ");
    await expect(item).toContainText("Rui Recruiter");
    await expect(item).toContainText("Mon 6 May 2030, 10:00–10:45 (Europe/Berlin)");
    await expectNoSeriousViolations(page, "candidate page, interview listed");
  });

  await test.step("Settings → E-mail log has each invitation; the candidate's .eml carries the calendar file", async () => {
    await gotoHydrated(page, "/settings/email-log");
    const rows = page.getByTestId("email-message").filter({ hasText: title });
    // The page is rendered on the server: reload until the delivery job has kept all three (no fixed wait).
    await expect(async () => {
      await page.reload();
      await expect(rows).toHaveCount(3, { timeout: 1_000 });
      for (const row of await rows.all()) await expect(row).toContainText("Kept in the log", { timeout: 1_000 });
    }).toPass({ timeout: 30_000 });
    const candidateRow = page.getByTestId("email-message").filter({ hasText: "lena.fischer@example.com" }).filter({ hasText: title });
    await candidateRow.getByRole("link").first().click();
    await expect(page.getByText("invite.ics")).toBeVisible();
    const downloading = page.waitForEvent("download");
    await page.getByRole("link", { name: "Download .eml" }).click();
    const parsed = await simpleParser(await readFile((await (await downloading).path())!));
    const calendar = parsed.attachments.find((a) => a.contentType === "text/calendar");
    expect(calendar?.filename).toBe("invite.ics");
    const ics = calendar!.content.toString("utf8");
    expect(ics).toContain("METHOD:REQUEST\r\n");
    expect(ics).toContain("DTSTART;TZID=Europe/Berlin:20300506T100000\r\n");
    expect(ics).toContain("DTEND;TZID=Europe/Berlin:20300506T104500\r\n");
    expect(ics).toContain("BEGIN:VTIMEZONE\r\nTZID:Europe/Berlin\r\n");
    expect(parsed.text).not.toContain(`/candidates/${id}`);
    expect(parsed.text).not.toContain(brief);
    expect(ics).not.toContain("probe caching");
  });

  await test.step("the panel's invitation carries the kit's brief", async () => {
    await gotoHydrated(page, "/settings/email-log");
    const panelRow = page.getByTestId("email-message").filter({ hasText: "recruiter@acme.test" }).filter({ hasText: title });
    await panelRow.getByRole("link").first().click();
    await expect(page.getByTestId("email-text")).toContainText(brief);
    await expect(page.getByTestId("email-text")).toContainText("Focus on: System design, Communication");
  });

  await test.step("reschedule it on the candidate page: the form starts at its time and zone; the list shows the new time", async () => {
    await gotoHydrated(page, `/candidates/${id}`);
    const item = page.getByRole("list", { name: "Upcoming interviews" }).getByTestId("interview-item").filter({ hasText: title });
    await item.getByRole("button", { name: /^Reschedule / }).click();
    const form = item.getByRole("form", { name: `Reschedule ${title}` });
    await expect(form.getByLabel("New start")).toBeFocused();
    await expect(form.getByLabel("New start")).toHaveValue("2030-05-06T10:00");
    await expect(form.getByLabel("Time zone", { exact: true })).toHaveValue("Europe/Berlin");
    await form.getByLabel("New start").fill("2030-05-07T09:30");
    await expectNoSeriousViolations(page, "candidate page, reschedule form");
    await form.getByRole("button", { name: "Reschedule and send updates" }).click();
    await expect(page.getByTestId("interview-rescheduled")).toContainText(`${title} rescheduled`);
    await expect(item).toContainText("Tue 7 May 2030, 09:30–10:15 (Europe/Berlin)");
    await expect(form).toHaveCount(0);
    const [row] = await query<{ start_at: Date; sequence: number }>("SELECT start_at, sequence FROM interviews WHERE title = $1", [title]);
    expect([row!.start_at.toISOString(), row!.sequence]).toEqual(["2030-05-07T07:30:00.000Z", 1]);
  });

  await test.step("cancel it on the candidate page", async () => {
    await gotoHydrated(page, `/candidates/${id}`);
    const item = page.getByRole("list", { name: "Upcoming interviews" }).getByTestId("interview-item").filter({ hasText: title });
    await item.getByRole("button", { name: /^Cancel / }).click();
    await expect(page.getByRole("list", { name: "Past and canceled interviews" }).getByTestId("interview-item").filter({ hasText: title })).toContainText("Canceled");
  });
});
