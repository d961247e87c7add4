import { randomBytes } from "node:crypto";
import { type Browser, type BrowserContextOptions, expect, type Page, test } from "@playwright/test";
import { formatSpan, zoneLabel } from "../src/lib/zoned-time.ts";
import { expectNoSeriousViolations } from "./support/axe.ts";
import { query } from "./support/db.ts";
import { createApiKey, gotoHydrated, hydrated } from "./support/page.ts";
import { saveScreenshot } from "./support/screenshots.ts";

/**
 * The interviewer's screens (issue 43 §1, §2, §4), at 1280 px and on a 390 px phone. The demo
 * interviewer opens /jobs, /candidates and /reports: each is a 403 that names the page and who may
 * open it, says what an interviewer can do and leads to My interviews (not to the jobs, another 403).
 * For a candidate with three interviews of one kit — one over, one under way, one in two days — My
 * interviews shows each from start to end in the member's zone (the device's here: no zone is set in
 * My availability) with its place and video call; "Submit scorecard" lands on that interview's form,
 * scrolled to and focused; the candidate page has two forms told apart by their times, none for the
 * interview that has not started, and the interviewer's own list of the three. Every page is axe-clean.
 */

const DEVICE_ZONE = "America/New_York";
const VIDEO = "https://meet.example.com/acme-panel";
const ROOM = "Room 4.01, Berlin office";
const VIEWPORTS: [string, BrowserContextOptions][] = [
  ["1280 px", { viewport: { width: 1280, height: 800 } }],
  ["390 px", { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }],
];

/** What an interviewer is told on each page they may not open. */
const NO_ACCESS: Record<string, string> = {
  "/jobs": "The jobs and their pipelines are for recruiters, admins and owners",
  "/candidates": "The list of all candidates is for recruiters, admins and owners",
  "/reports": "Reports are for recruiters, admins and owners",
};

interface Interview {
  id: number;
  start_at: string;
  end_at: string;
}

/** A new candidate of the demo kit's job with three interviews of that kit, the demo interviewer on each panel. */
async function candidateWithThreeInterviews(browser: Browser, tag: string) {
  const key = await createApiKey(browser, `Interviewer screens ${tag}`);
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  try {
    const auth = { authorization: `Bearer ${key}` };
    const [kit] = await query<{ id: number; job_id: number }>("SELECT id, job_id FROM job_interviews WHERE name = 'Onsite: system design' ORDER BY id LIMIT 1");
    const [interviewer] = await query<{ id: string }>("SELECT id FROM users WHERE email = 'interviewer@acme.test'");
    const name = `Iris Twin ${tag}`;
    const created = await context.request.post("/api/v1/candidates", { headers: auth, data: { job_id: kit!.job_id, name, email: `iris-${tag}@example.com` } });
    expect(created.status(), await created.text()).toBe(201);
    const candidateId = ((await created.json()) as { data: { id: number } }).data.id;
    const minute = Math.floor(Date.now() / 60_000) * 60_000;
    const schedule = async (offsetMinutes: number): Promise<Interview> => {
      const res = await context.request.post("/api/v1/interviews", {
        headers: auth,
        data: { candidate_id: candidateId, interview_id: kit!.id, start_at: new Date(minute + offsetMinutes * 60_000).toISOString(), time_zone: "Europe/Berlin", location: ROOM, video_url: VIDEO, interviewer_ids: [interviewer!.id] },
      });
      expect(res.status(), await res.text()).toBe(201);
      return ((await res.json()) as { data: Interview }).data;
    };
    // Over (its scorecard due), under way (its form open, not yet due), and in two days (no form yet).
    const [over, underWay, later] = [await schedule(-180), await schedule(-20), await schedule(2 * 24 * 60)];
    return { candidateId, name, over: over!, underWay: underWay!, later: later! };
  } finally {
    await context.close();
  }
}

async function signInAsInterviewer(browser: Browser, options: BrowserContextOptions): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext({ ...options, timezoneId: DEVICE_ZONE, storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  await gotoHydrated(page, "/sign-in");
  await page.getByLabel("E-mail").fill("interviewer@acme.test");
  await page.getByLabel("Password").fill("hireflow-demo");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/my-interviews$/);
  return { page, close: () => context.close() };
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The page is no wider than the phone (nothing to scroll sideways). */
async function expectNoSidewaysScroll(page: Page, width: number | undefined) {
  if (width !== 390) return;
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
}

for (const [label, options] of VIEWPORTS) {
  test(`an interviewer's 403 pages lead to My interviews; "Submit scorecard" lands on that interview's form (${label})`, async ({ browser }) => {
    const tag = randomBytes(3).toString("hex");
    const c = await candidateWithThreeInterviews(browser, tag);
    // The member's zone: the one set in My availability, else the device's.
    const [set] = await query<{ time_zone: string }>("SELECT a.time_zone FROM member_availability a JOIN users u ON u.id = a.user_id WHERE u.email = 'interviewer@acme.test'");
    const zone = set?.time_zone ?? DEVICE_ZONE;
    const when = (interview: Interview) => formatSpan(interview.start_at, interview.end_at, zone);
    const { page, close } = await signInAsInterviewer(browser, options);
    try {
      await test.step("/jobs, /candidates and /reports: a 403 that says what an interviewer can do and links to My interviews", async () => {
        for (const [path, sentence] of Object.entries(NO_ACCESS)) {
          const res = await page.goto(path);
          expect(res?.status(), path).toBe(403);
          const main = page.getByRole("main");
          await expect(main.getByRole("heading", { name: "No access", level: 1 }), path).toBeVisible();
          await expect(main, path).toContainText(sentence);
          await expect(main, path).toContainText("your role in Acme is Interviewer");
          await expect(main, path).toContainText("write your scorecards");
          await expect(main, path).not.toContainText("for owners and admins");
          await expect(main.getByRole("link", { name: "Go to the jobs" }), path).toHaveCount(0);
          await expect(main.getByRole("link", { name: "Go to My interviews" }), path).toBeVisible();
        }
        await hydrated(page);
        await expectNoSidewaysScroll(page, options.viewport?.width);
        await expectNoSeriousViolations(page, `no access for an interviewer (${label})`);
        await page.getByRole("main").getByRole("link", { name: "Go to My interviews" }).click();
        await expect(page).toHaveURL(/\/my-interviews$/);
        await expect(page.getByRole("heading", { name: "My interviews", level: 1 })).toBeVisible();
      });

      await test.step("My interviews: each interview start to end in the member's zone, with its place and video call", async () => {
        const due = page.getByTestId("scorecards-due-list").locator(`[data-interview-id="${c.over.id}"]`);
        await expect(due).toContainText(`Onsite: system design · ${c.name}`);
        await expect(due).toContainText(`${when(c.over)} (${zoneLabel(zone)})`);
        await expect(due).toContainText(ROOM);
        await expect(due.getByRole("link", { name: /^Video call/ })).toHaveAttribute("href", VIDEO);
        for (const interview of [c.underWay, c.later]) {
          await expect(page.getByTestId("upcoming-interviews").locator(`[data-interview-id="${interview.id}"]`)).toContainText(when(interview));
        }
        await expectNoSidewaysScroll(page, options.viewport?.width);
        await expectNoSeriousViolations(page, `my interviews (${label})`);
        await saveScreenshot(page, `interviewer-my-interviews-${options.viewport?.width}`);
      });

      await test.step('"Submit scorecard" lands on that interview\'s form, scrolled to and focused', async () => {
        await page.getByTestId("scorecards-due-list").locator(`[data-interview-id="${c.over.id}"]`).getByRole("link", { name: /^Submit scorecard/ }).click();
        await expect(page).toHaveURL(new RegExp(`/candidates/${c.candidateId}#scorecard-${c.over.id}$`));
        const heading = page.locator(`#scorecard-${c.over.id}-title`);
        await expect(heading).toBeFocused();
        await expect(heading).toBeInViewport();
      });

      await test.step("the candidate page: a form per started interview, each named by its time; none before the start; the interviewer's own list", async () => {
        await expect(page.getByTestId("scorecard-form")).toHaveCount(2);
        for (const interview of [c.over, c.underWay]) {
          await expect(page.getByRole("form", { name: new RegExp(`Onsite: system design.*${escape(when(interview))}`) })).toHaveAttribute("id", `scorecard-${interview.id}`);
        }
        await expect(page.locator(`#scorecard-${c.later.id}`)).toHaveCount(0);
        await expect(page.getByTestId("scorecards-not-open")).toContainText(when(c.later));
        const own = page.getByTestId("own-interviews").getByRole("listitem");
        await expect(own).toHaveCount(3);
        await expect(own.nth(0)).toContainText(when(c.over));
        await expect(own.nth(0).getByRole("link", { name: /^Video call/ })).toHaveAttribute("href", VIDEO);
        await expect(own.nth(2)).toContainText("The scorecard opens when the interview starts.");
        await expect(own.nth(2).getByRole("link", { name: /^Submit scorecard/ })).toHaveCount(0);
        await expectNoSidewaysScroll(page, options.viewport?.width);
        await expectNoSeriousViolations(page, `candidate page, the interviewer's forms (${label})`);
        await saveScreenshot(page, `interviewer-candidate-${options.viewport?.width}`);
      });

      await test.step("the landed form submits that interview's scorecard", async () => {
        const form = page.locator(`#scorecard-${c.over.id}`);
        await form.getByRole("group", { name: "System design" }).getByLabel("Yes", { exact: true }).check();
        await form.getByLabel("Overall recommendation").selectOption("yes");
        await form.getByRole("button", { name: "Submit scorecard" }).click();
        await expect(form.getByTestId("scorecard-saved")).toBeVisible();
        await expect(form.getByRole("heading", { level: 3 })).toContainText("Edit your scorecard");
        // The other started interview still waits for its own scorecard.
        await expect(page.locator(`#scorecard-${c.underWay.id}`).getByRole("button", { name: "Submit scorecard" })).toBeVisible();
        const [saved] = await query<{ interview_id: number }>("SELECT s.interview_id FROM scorecards s JOIN interviews i ON i.id = s.interview_id WHERE i.candidate_id = $1", [c.candidateId]);
        expect(saved?.interview_id).toBe(c.over.id);
      });
    } finally {
      await close();
    }
  });
}
