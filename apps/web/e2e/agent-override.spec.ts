import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { expectNoSeriousViolations } from "./support/axe.ts";
import { candidateIdByEmail, jobIdByTitle, query } from "./support/db.ts";
import { gotoHydrated } from "./support/page.ts";

/**
 * Issue 25 §3 in the browser: a candidate the AI agent advanced is marked on the board; moving them
 * elsewhere asks why in a dialog (Cancel leaves them; an empty reason is refused), and the reason
 * lands in the timeline and the audit log. After a person rejects them, the candidate page shows the
 * plain-language explanation of the tool's part, with Copy and "Send to candidate" (an e-mail in the
 * timeline, the e-mail log and the audit log). Axe-clean, the dialog open too.
 *
 * The applicant goes to a job without screening (so the server's own scoring never races the test),
 * and the agent's move is written as its save writes it: the fit, and a stage_changed activity added
 * by ai_agent.
 */
test("moving against the AI agent's move asks for a reason; the explanation after a rejection", async ({ page }) => {
  test.setTimeout(120_000);
  const jobId = await jobIdByTitle("Product Designer");
  const suffix = randomBytes(3).toString("hex");
  const name = `Agent Placed ${suffix}`;
  const email = `agent-placed.${suffix}@example.com`;
  const applied = await page.request.post(`/api/public/jobs/${jobId}/applications`, { data: { name, email } });
  expect(applied.status(), await applied.text()).toBe(201);
  const id = await candidateIdByEmail(email);
  const stageOfType = async (type: string) =>
    (await query<{ key: string; name: string }>("SELECT key, name FROM job_stages WHERE job_id = $1 AND type = $2::stage_type ORDER BY position LIMIT 1", [jobId, type]))[0]!;
  const [screen, progress, rejected] = [await stageOfType("phonescreen"), await stageOfType("inprogress"), await stageOfType("rejected")];
  const criteria = [
    { id: "figma", type: "skill", value: "Figma", question_id: null, accepted: null, required: true, weight: 2, met: true, evidence: "TOOLS: Figma, FigJam", match: "Figma" },
    { id: "exp", type: "min_years", value: 4, question_id: null, accepted: null, required: false, weight: 1, met: false, evidence: "About 2 years of work experience" },
  ];
  await query(
    "UPDATE candidates SET stage = $2, fit_status = 'completed', fit_score = 88, fit_engine = 'local', fit_scored_at = now(), fit_criteria = $3::jsonb WHERE id = $1",
    [id, screen.key, JSON.stringify(criteria)],
  );
  await query("INSERT INTO candidate_activities (company_id, candidate_id, type, added_by, data) SELECT company_id, id, 'stage_changed', 'ai_agent', $2::jsonb FROM candidates WHERE id = $1", [
    id,
    JSON.stringify({ previous_stage: "applied", new_stage: screen.key, previous_stage_name: "Applied", new_stage_name: screen.name, reason: "fit 88 ≥ 80" }),
  ]);

  const card = page.getByTestId(`card-${id}`);
  const dialog = page.getByRole("dialog", { name: "Override the AI agent?" });

  await test.step("the board marks the card; moving it asks why, and Cancel leaves it", async () => {
    await gotoHydrated(page, `/jobs/${jobId}`);
    await expect(card).toContainText("Moved by AI agent");
    await card.getByLabel(`Move ${name} to stage`).selectOption(progress.key);
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(`The AI agent moved ${name} to their current stage`);
    await expect(dialog.getByLabel("Reason for the override")).toBeFocused();
    await expectNoSeriousViolations(page, "board with the override dialog open");
    // An empty reason is refused in the dialog.
    await dialog.getByRole("button", { name: "Move anyway" }).click();
    await expect(dialog.getByRole("alert")).toHaveText("Give a reason");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("status").filter({ hasText: `Not moved: ${name} stays in ${screen.name}.` })).toBeAttached();
    await expect(page.locator(`section[data-stage="${screen.key}"]`).getByTestId(`card-${id}`)).toBeVisible();
  });

  await test.step("with a reason it moves; the card is no longer marked", async () => {
    await card.getByLabel(`Move ${name} to stage`).selectOption(progress.key);
    await dialog.getByLabel("Reason for the override").fill("Portfolio review went well: straight to the design exercise");
    await dialog.getByRole("button", { name: "Move anyway" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.locator(`section[data-stage="${progress.key}"]`).getByTestId(`card-${id}`)).toBeVisible();
    await expect(card).not.toContainText("Moved by AI agent");
    const [entry] = await query<{ data: Record<string, unknown> }>("SELECT data FROM audit_log WHERE action = 'candidate.agent_overridden' AND target_id = $1", [String(id)]);
    expect(entry!.data).toEqual({ from_stage: screen.key, to_stage: progress.key, reason: "Portfolio review went well: straight to the design exercise" });
  });

  await test.step("the timeline keeps the reason; a person's rejection shows the explanation with Copy", async () => {
    await gotoHydrated(page, `/candidates/${id}`);
    await expect(page.getByTestId("override-reason")).toHaveText("Overrode the AI agent's move: Portfolio review went well: straight to the design exercise");
    await expect(page.getByTestId("screening-explanation")).toHaveCount(0);
    await page.getByLabel(`Stage of ${name}`).selectOption(rejected.key);
    const reject = page.getByRole("dialog", { name: `Reject ${name}?` });
    await reject.getByLabel("Reason").selectOption({ label: "Position filled" });
    await reject.getByRole("button", { name: "Reject" }).click();
    const explanation = page.getByTestId("screening-explanation");
    await expect(explanation).toBeVisible();
    const text = page.getByTestId("screening-explanation-text");
    await expect(text).toHaveValue(/An automated screening tool assessed your application for Product Designer/);
    await expect(text).toHaveValue(/TOOLS: Figma, FigJam/);
    await expect(text).toHaveValue(/made by a person on .*'s hiring team/);
    await explanation.getByRole("button", { name: "Copy" }).click();
    await expect(explanation.getByText(/Copied to the clipboard\.|Selected: press Ctrl\+C/)).toBeVisible();
    await expectNoSeriousViolations(page, "candidate page with the screening explanation");
  });

  await test.step("Send to candidate e-mails it: the button reports it, the timeline and the e-mail log have it", async () => {
    const explanation = page.getByTestId("screening-explanation");
    await expect(explanation.getByTestId("send-screening-explanation-status")).toHaveText(`"Send to candidate" e-mails this text to ${email}.`);
    await explanation.getByRole("button", { name: "Send to candidate" }).click();
    await expect(explanation.getByTestId("send-screening-explanation-status")).toHaveText(`Sent to ${email}: the e-mail is queued (see the timeline and the e-mail log).`);
    await expect(explanation.getByRole("button", { name: "Sent" })).toBeDisabled();
    await expect(page.getByTestId("activity-email").filter({ hasText: "Screening explanation e-mail" }).first()).toBeVisible();
    const [message] = await query<{ kind: string; to_addresses: string[]; text_body: string }>(
      "SELECT kind::text, to_addresses, text_body FROM email_messages WHERE candidate_id = $1 AND kind = 'screening_explanation'",
      [id],
    );
    expect(message).toMatchObject({ kind: "screening_explanation", to_addresses: [email] });
    expect(message!.text_body).toContain("TOOLS: Figma, FigJam");
    const [sent] = await query<{ n: number }>("SELECT count(*)::int AS n FROM audit_log WHERE action = 'candidate.screening_explanation_sent' AND target_id = $1", [String(id)]);
    expect(sent!.n).toBe(1);
    await expectNoSeriousViolations(page, "candidate page after sending the screening explanation");
  });
});
