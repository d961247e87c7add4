import { randomBytes } from "node:crypto";
import { type APIRequestContext, expect, type Locator, test } from "@playwright/test";
import { expectNoSeriousViolations } from "./support/axe.ts";
import { createApiKey, gotoHydrated, reloadHydrated } from "./support/page.ts";
import { query } from "./support/db.ts";

/**
 * Issue 28 items 3 and 5 in the web app: a score says how much of it was judged ("100 · 3 of 4
 * criteria judged": a statement needs a language model, so the local engine cannot judge it), on the
 * board's card, the candidate page and the /candidates list; the evidence quotes the resume with the
 * matched words in <mark>; and a re-score in which someone got no score says who and why instead of
 * "scored 3 of 3".
 */


async function post<T = any>(request: APIRequestContext, key: string, path: string, data: unknown): Promise<T> {
  const response = await request.post(`/api/v1${path}`, { headers: { authorization: `Bearer ${key}` }, data });
  const body = await response.json();
  expect(response.ok(), `POST ${path} → ${response.status()} ${JSON.stringify(body)}`).toBe(true);
  return body as T;
}

/** Letters only (names are words): a tag no other spec's data holds. */
const tag = () => randomBytes(8).toString("hex").replace(/\d/g, (d) => "ghijklmnop"[Number(d)]!).slice(0, 8);

/** A resume as the parser leaves it (status, text, extracted fields), written straight to the candidate. */
async function giveResume(id: number, text: string, skills: string[], years: number) {
  await query("UPDATE candidates SET resume_status = 'completed', resume_text = $1, resume_data = $2 WHERE id = $3", [
    text,
    JSON.stringify({ parser: "e2e", skills, text_excerpt: text, total_experience_years: years }),
    id,
  ]);
}

/** What a screen reader is given: the element's accessibility tree as text. */
const spoken = (locator: Locator) => locator.ariaSnapshot();

test("fit scores say how many criteria were judged; evidence marks the match; a re-score names who could not be judged and why", async ({ page, request, browser }) => {
  test.setTimeout(180_000);
  const key = await createApiKey(browser, `Scoring ${randomBytes(3).toString("hex")}`);
  const t = tag();
  const T = `${t[0]!.toUpperCase()}${t.slice(1)}`;
  const job = (
    await post(request, key, "/jobs", {
      title: `Scoring ${T}`,
      is_public: false,
      screening: {
        mode: "score",
        criteria: [
          { id: "pg", type: "skill", value: "PostgreSQL", weight: 3 },
          { id: "go", type: "skill", value: "Go" },
          { id: "years", type: "min_years", value: 5 },
          // The local engine cannot judge a statement: every score here rests on three of four criteria.
          { id: "lead", type: "text", value: "Has led a team of engineers" },
        ],
      },
    })
  ).data;
  const make = async (first: string) => (await post(request, key, "/candidates", { job_id: job.id, name: `${first} ${T}`, email: `scoring.${t}.${first.toLowerCase()}@example.com` })).data.id as number;
  const ada = await make("Ada");
  const cal = await make("Cal");
  const bea = await make("Bea");

  await test.step("the first scorings (nobody has a resume yet) finish; then two get a resume", async () => {
    await expect
      .poll(async () => Number((await query<{ n: string }>("SELECT count(*) AS n FROM candidates WHERE job_id = $1 AND fit_status = 'completed'", [job.id]))[0]!.n), { timeout: 60_000 })
      .toBe(3);
    await giveResume(ada, `Ada ${T}\nDublin, Ireland\n\nBackend engineer, 7 years. Payment services in Go on PostgreSQL; PostgreSQL replication and Kafka queues for the ledger.`, ["Go", "PostgreSQL", "Kafka"], 7);
    await giveResume(cal, `Cal ${T}\nLisbon, Portugal\n\nJava developer, 3 years: Spring Boot services on PostgreSQL for a retail bank.`, ["Java", "PostgreSQL"], 3);
  });

  await test.step("re-score: 2 scored, 1 could not be judged (no resume) — not 'scored 3 of 3'", async () => {
    await gotoHydrated(page, `/jobs/${job.id}`);
    await page.getByRole("button", { name: "Re-score all candidates" }).click();
    await expect(page.getByTestId("rescore-status")).toHaveText("Re-score finished: 2 scored, 1 could not be judged (no resume).", { timeout: 60_000 });
    // After a reload the page reports the last re-score the same way.
    await reloadHydrated(page);
    await expect(page.getByTestId("rescore-status")).toContainText("Last re-score (requested");
    await expect(page.getByTestId("rescore-status")).toContainText("): 2 scored, 1 could not be judged (no resume).");
  });

  await test.step("the board's cards: the score and how many criteria it rests on, also for a screen reader", async () => {
    const card = page.getByTestId(`card-${ada}`);
    await expect(card.getByTestId("fit-badge")).toHaveText("Fit 100");
    await expect(card.getByTestId("fit-coverage")).toHaveText("3 of 4 criteria judged");
    expect(await spoken(card)).toMatch(/Fit 100[\s\S]*3 of 4 criteria judged/);
    await expect(page.getByTestId(`card-${cal}`).getByTestId("fit-badge")).toHaveText("Fit 60");
    await expect(page.getByTestId(`card-${cal}`).getByTestId("fit-coverage")).toHaveText("3 of 4 criteria judged");
    // No resume: no score, and nothing judged.
    await expect(page.getByTestId(`card-${bea}`).getByTestId("fit-badge")).toHaveText("Fit —");
    await expect(page.getByTestId(`card-${bea}`).getByTestId("fit-coverage")).toHaveText("0 of 4 criteria judged");
    await expectNoSeriousViolations(page, "board with fit coverage");
  });

  await test.step("the candidate page: '100 / 100 · 3 of 4 criteria judged' and the evidence with the match marked", async () => {
    await page.goto(`/candidates/${ada}`);
    const section = page.getByTestId("ai-screening");
    await expect(section.getByTestId("fit-score")).toHaveText("100 / 100");
    await expect(section.getByTestId("fit-coverage")).toHaveText("3 of 4 criteria judged");
    expect(await spoken(section)).toMatch(/100 \/ 100[\s\S]*3 of 4 criteria judged/);

    const results = section.getByTestId("criterion-result");
    await expect(results).toHaveCount(4);
    // The resume as written (no redaction mark), with every "PostgreSQL" of the quote in <mark>.
    const postgres = results.nth(0).getByTestId("criterion-evidence");
    await expect(postgres).toContainText("Payment services in Go on PostgreSQL");
    await expect(postgres).not.toContainText("[removed]");
    const marks = postgres.locator("mark");
    await expect(marks.first()).toHaveText("PostgreSQL");
    expect(await marks.allTextContents()).toEqual(Array((await postgres.textContent())!.match(/PostgreSQL/g)!.length).fill("PostgreSQL"));
    await expect(results.nth(1).getByTestId("criterion-evidence").locator("mark")).toHaveText(["Go"]);
    // Evidence that quotes nothing (years, the statement) has no mark.
    await expect(results.nth(2).getByTestId("criterion-evidence")).toHaveText(/^Evidence: 7 years of dated experience/);
    await expect(results.nth(2).locator("mark")).toHaveCount(0);
    await expect(results.nth(3).locator("mark")).toHaveCount(0);
    await expectNoSeriousViolations(page, "candidate page with marked evidence");

    await page.goto(`/candidates/${bea}`);
    await expect(page.getByTestId("ai-screening")).toContainText("None");
    await expect(page.getByTestId("ai-screening").getByTestId("fit-coverage")).toHaveText("0 of 4 criteria judged");
  });

  await test.step("/candidates: the Fit column says it too", async () => {
    await page.goto(`/candidates?job=${job.id}`);
    const fit = (id: number) => page.getByTestId(`row-${id}`).getByTestId("fit-cell");
    await expect(fit(ada)).toHaveText(/^100/);
    await expect(fit(ada).getByTestId("fit-coverage")).toHaveText("3 of 4 criteria judged");
    expect(await spoken(page.getByTestId(`row-${ada}`))).toMatch(/100[\s\S]*3 of 4 criteria judged/);
    await expect(fit(cal)).toHaveText(/^60/);
    await expect(fit(cal).getByTestId("fit-coverage")).toHaveText("3 of 4 criteria judged");
    await expect(fit(bea)).toHaveText(/^—/);
    await expect(fit(bea).getByTestId("fit-coverage")).toHaveText("0 of 4 criteria judged");
    await expectNoSeriousViolations(page, "candidate list with fit coverage");
  });
});
