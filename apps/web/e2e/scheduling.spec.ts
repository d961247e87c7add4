import { randomBytes } from "node:crypto";
import { expect, type Locator, type Page, test } from "@playwright/test";
import { expectNoSeriousViolations } from "./support/axe.ts";
import { adminUserId, jobIdByTitle, query } from "./support/db.ts";
import { createApiKey, gotoHydrated, reloadHydrated } from "./support/page.ts";

/**
 * Candidate self-scheduling in the browser (issue 42): the owner sends a scheduling link from a candidate
 * page and sees it listed (and revokes a second one after confirming); the candidate opens the link signed
 * out on a 390 px phone, books the first free time, reschedules once from the confirmation and cancels;
 * My availability saves working hours and a zone, and shows the field error of an overlapping range.
 * Every page on the way is axe-clean. No fixed waits: each step waits for what it needs to see.
 */

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } as const;
const WEEK = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] as const;
const DAY_NAMES = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const;

/** The weekday's fieldset on My availability. */
const day = (page: Page, name: (typeof DAY_NAMES)[number]) => page.getByRole("group", { name, exact: true });

/** Removes every range of a weekday, one Remove at a time. */
async function clearDay(group: Locator): Promise<void> {
  const remove = group.getByRole("button", { name: /^Remove / });
  for (let left = await remove.count(); left > 0; left--) {
    await remove.first().click();
    await expect(remove).toHaveCount(left - 1);
  }
}

test("send a scheduling link; the candidate books, reschedules and cancels on a phone", async ({ page, browser }) => {
  const tag = randomBytes(3).toString("hex");
  const title = `Intro call ${tag}`;
  const name = `Sam Schedule ${tag}`;
  const email = `sam-${tag}@example.com`;
  const key = await createApiKey(browser, `Scheduling ${tag}`);
  const auth = { authorization: `Bearer ${key}` };

  // Free whatever day the test runs: the owner works every day, all day, in UTC (the pool is the owner alone).
  const adminId = await adminUserId();
  const everyDay = WEEK.map((d) => ({ day: d, start: "00:00", end: "24:00" }));
  const put = await page.request.put(`/api/v1/users/${adminId}/availability`, {
    headers: auth,
    data: { time_zone: "UTC", working_hours: everyDay, buffer_minutes: 0, max_interviews_per_day: null, busy_calendar_url: null },
  });
  expect(put.status(), await put.text()).toBe(200);

  const created = await page.request.post("/api/v1/candidates", { headers: auth, data: { job_id: await jobIdByTitle("Senior Backend Engineer"), name, email } });
  expect(created.status(), await created.text()).toBe(201);
  const candidateId = ((await created.json()) as { data: { id: number } }).data.id;

  const section = page.getByTestId("scheduling-links");
  const item = (linkTitle: string) => section.getByTestId("scheduling-link-item").filter({ hasText: linkTitle });
  let link!: URL;

  await test.step("the candidate page sends a scheduling link and lists it", async () => {
    await gotoHydrated(page, `/candidates/${candidateId}`);
    await expect(page.getByRole("heading", { name: "Scheduling links", level: 2 })).toBeVisible();
    await section.getByRole("button", { name: "Send scheduling link" }).click();
    const form = page.getByRole("form", { name: "Send a scheduling link" });
    await form.getByLabel("Title").fill(title);
    await form.getByLabel("Duration (minutes)").fill("30");
    // An hour, not 0: the first free time is then never one that starts while the test runs.
    await form.getByLabel("Minimum notice (hours)").fill("1");
    await form.getByLabel("Slots start").selectOption("30");
    await form.getByLabel("Video call link").fill("https://meet.example.com/e2e-scheduling");
    // The signed-in owner is the pool.
    await expect(form.getByRole("checkbox", { name: "Ada Admin" })).toBeChecked();
    await expect(form.getByRole("checkbox", { name: "E-mail the link to the candidate" })).toBeChecked();
    await expectNoSeriousViolations(page, "candidate page, scheduling link form");
    await form.getByRole("button", { name: "Create and e-mail the link" }).click();
    await expect(page.getByTestId("scheduling-link-created")).toContainText(`e-mailed to ${email}`);
    await expect(item(title).getByTestId("scheduling-link-status")).toHaveText("Open");
    await expect(item(title)).toContainText("With Ada Admin");
    const url = await item(title).getByLabel(`The candidate's link for “${title}”`).inputValue();
    expect(url).toMatch(/\/schedule\/[A-Za-z0-9_-]{43}$/);
    link = new URL(url);
    await expect(page).toHaveTitle(/\S/);
    await expectNoSeriousViolations(page, "candidate page, a scheduling link listed");
    // The e-mail carries the same link.
    await expect
      .poll(async () => (await query<{ text_body: string }>("SELECT text_body FROM email_messages WHERE candidate_id = $1 AND kind = 'scheduling_link'", [candidateId])).map((m) => m.text_body.includes(link.pathname)))
      .toEqual([true]);
  });

  await test.step("a second link, without the e-mail, is revoked after confirming", async () => {
    const other = `Spare ${tag}`;
    await section.getByRole("button", { name: "Send scheduling link" }).click();
    const form = page.getByRole("form", { name: "Send a scheduling link" });
    await form.getByLabel("Title").fill(other);
    await form.getByRole("checkbox", { name: "E-mail the link to the candidate" }).uncheck();
    await form.getByRole("button", { name: "Create the link" }).click();
    await expect(item(other).getByTestId("scheduling-link-status")).toHaveText("Open");
    await item(other).getByRole("button", { name: `Revoke the scheduling link “${other}”` }).click();
    const dialog = page.getByRole("dialog", { name: "Revoke this scheduling link?" });
    await expect(dialog).toBeVisible();
    await expectNoSeriousViolations(page, "candidate page, revoke dialog");
    await dialog.getByRole("button", { name: "Revoke link" }).click();
    await expect(dialog).toBeHidden();
    await expect(item(other).getByTestId("scheduling-link-status")).toHaveText("Revoked");
    await expect(item(other).getByRole("button", { name: /^Revoke/ })).toHaveCount(0);
    await expect(item(title).getByTestId("scheduling-link-status")).toHaveText("Open");
  });

  await test.step("the candidate books the first free time on a 390 px phone, reschedules once, then cancels", async () => {
    const context = await browser.newContext({ storageState: { cookies: [], origins: [] }, ...PHONE });
    try {
      const phone = await context.newPage();
      await gotoHydrated(phone, link.pathname);
      await expect(phone.getByRole("heading", { level: 1 })).toHaveText(title);
      const slots = phone.getByRole("radio");
      await expect(slots.first()).toBeVisible();
      expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await expectNoSeriousViolations(phone, "scheduling page on a phone");

      await slots.first().click();
      await expect(slots.first()).toHaveAttribute("aria-checked", "true");
      await phone.getByRole("button", { name: /^Book \d{2}:\d{2}$/ }).click();
      const booked = phone.getByRole("status").filter({ hasText: "Your interview is booked" });
      await expect(booked).toBeVisible();
      const firstTime = (await booked.textContent())!;
      await expect(phone).toHaveTitle(/\S/);
      expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await expectNoSeriousViolations(phone, "scheduling page, booked");

      await phone.getByRole("button", { name: "Reschedule" }).click();
      await expect(phone.getByRole("heading", { name: "Pick a new time" })).toBeVisible();
      // The last free time of the window, days after the first: never the one booked first.
      await expect(slots.last()).toBeVisible();
      const newTime = (await slots.last().textContent())!.trim();
      await slots.last().click();
      await phone.getByRole("button", { name: `Move to ${newTime}` }).click();
      await expect(phone.getByRole("heading", { name: "Pick a new time" })).toBeHidden();
      await expect(booked).toBeVisible();
      await expect(booked).not.toHaveText(firstTime);
      await expect(booked).toContainText(`, ${newTime}–`);

      await phone.getByRole("button", { name: "Cancel the interview" }).click();
      await phone.getByRole("button", { name: "Yes, cancel the interview" }).click();
      await expect(phone.getByText("Your interview is canceled")).toBeVisible();
      await expect(phone).toHaveTitle(/\S/);
      await expectNoSeriousViolations(phone, "scheduling page, canceled");
    } finally {
      await context.close();
    }
  });

  await test.step("the candidate page shows the link canceled, with the interview it had booked", async () => {
    await gotoHydrated(page, `/candidates/${candidateId}`);
    await expect(item(title).getByTestId("scheduling-link-status")).toHaveText("Canceled by the candidate");
    await expect(item(title).getByTestId("scheduling-link-booking")).toContainText("(canceled)");
  });
});

test("My availability: working hours and a zone are saved; an overlapping range is refused beside it", async ({ page, browser }) => {
  await test.step("the owner sets Monday to Friday and a zone found by searching", async () => {
    await gotoHydrated(page, "/my-availability");
    await expect(page.getByRole("heading", { name: "My availability", level: 1 })).toBeVisible();
    for (const name of DAY_NAMES) await clearDay(day(page, name));
    for (const name of DAY_NAMES.slice(0, 5)) {
      await day(page, name).getByRole("button", { name: `Add a range on ${name}` }).click();
      await expect(day(page, name).getByTestId("working-range")).toHaveCount(1);
    }
    const monday = day(page, "Monday");
    await monday.getByLabel(/^From/).fill("08:30");
    await monday.getByLabel(/^To/).fill("12:00");
    await monday.getByRole("button", { name: "Add a range on Monday" }).click();
    await monday.getByLabel(/^From/).nth(1).fill("13:00");
    await monday.getByLabel(/^To/).nth(1).fill("17:30");
    await expect(day(page, "Saturday")).toContainText("Not working");

    await page.getByLabel("Search time zones").fill("anchorage");
    await expect(page.locator("#availability-time-zone-search-status")).toContainText("1 zone matches");
    await page.getByLabel("Time zone", { exact: true }).selectOption("America/Anchorage");
    await page.getByLabel("Buffer (minutes)").fill("10");
    await page.getByLabel("Interviews per day at most").fill("4");
    await expectNoSeriousViolations(page, "my availability, edited");
    await page.getByRole("button", { name: "Save availability" }).click();
    await expect(page.getByTestId("availability-saved")).toContainText("Saved.");
  });

  await test.step("after a reload the page shows what was saved", async () => {
    await reloadHydrated(page);
    await expect(page.getByLabel("Time zone", { exact: true })).toHaveValue("America/Anchorage");
    const monday = day(page, "Monday");
    await expect(monday.getByTestId("working-range")).toHaveCount(2);
    await expect(monday.getByLabel(/^From/).nth(0)).toHaveValue("08:30");
    await expect(monday.getByLabel(/^To/).nth(0)).toHaveValue("12:00");
    await expect(monday.getByLabel(/^From/).nth(1)).toHaveValue("13:00");
    await expect(monday.getByLabel(/^To/).nth(1)).toHaveValue("17:30");
    for (const name of DAY_NAMES.slice(1, 5)) {
      await expect(day(page, name).getByLabel(/^From/)).toHaveValue("09:00");
      await expect(day(page, name).getByLabel(/^To/)).toHaveValue("17:00");
    }
    for (const name of DAY_NAMES.slice(5)) await expect(day(page, name).getByTestId("working-range")).toHaveCount(0);
    await expect(page.getByLabel("Buffer (minutes)")).toHaveValue("10");
    await expect(page.getByLabel("Interviews per day at most")).toHaveValue("4");
    await expect(page.getByTestId("busy-calendar-status")).toContainText("No busy calendar connected");
  });

  await test.step("an overlapping range gets the server's error beside it, and nothing is saved", async () => {
    const monday = day(page, "Monday");
    await monday.getByRole("button", { name: "Add a range on Monday" }).click();
    const added = monday.getByTestId("working-range").nth(2);
    await added.getByLabel(/^From/).fill("11:00");
    await added.getByLabel(/^To/).fill("14:00");
    await page.getByRole("button", { name: "Save availability" }).click();
    await expect(added.getByRole("alert")).toHaveText("Overlaps Monday's 08:30–12:00");
    await expect(added.getByLabel(/^From/)).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByRole("alert").filter({ hasText: "Nothing was saved" })).toBeVisible();
    await expect(page.getByTestId("availability-saved")).toHaveText("");
    await expectNoSeriousViolations(page, "my availability with a field error");
    await reloadHydrated(page);
    await expect(day(page, "Monday").getByTestId("working-range")).toHaveCount(2);
  });

  await test.step("owners open a member's availability from Settings → Team", async () => {
    await gotoHydrated(page, "/settings/team");
    await page.getByRole("link", { name: "Availability of Rui Recruiter" }).click();
    await expect(page.getByRole("heading", { name: "Availability of Rui Recruiter", level: 1 })).toBeVisible();
    await expect(page.getByRole("button", { name: "Save availability" })).toBeVisible();
    await expectNoSeriousViolations(page, "settings: a member's availability");
  });

  await test.step("an interviewer reaches My availability from the menu", async () => {
    const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    try {
      const them = await context.newPage();
      await gotoHydrated(them, "/sign-in");
      await them.getByLabel("E-mail").fill("interviewer@acme.test");
      await them.getByLabel("Password").fill("hireflow-demo");
      await them.getByRole("button", { name: "Sign in" }).click();
      await expect(them).toHaveURL(/\/my-interviews$/);
      await them.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "My availability" }).click();
      await expect(them.getByRole("heading", { name: "My availability", level: 1 })).toBeVisible();
      await expect(them.getByRole("group", { name: "Monday", exact: true })).toBeVisible();
      await expect(them.getByRole("button", { name: "Save availability" })).toBeEnabled();
    } finally {
      await context.close();
    }
  });
});
