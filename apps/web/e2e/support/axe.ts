import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/** The audit of e2e/accessibility.spec.ts: WCAG 2.0/2.1 A and AA, no violation of impact serious or critical. */
const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];
const BLOCKING = new Set(["serious", "critical"]);

/** Runs axe on the page as it is and fails with every serious/critical violation spelled out. */
export async function expectNoSeriousViolations(page: Page, label: string) {
  await page.waitForLoadState("networkidle").catch(() => {});
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  const blocking = results.violations.filter((v) => BLOCKING.has(v.impact ?? ""));
  const report = blocking
    .map((v) =>
      [
        `[${v.impact}] ${v.id}: ${v.help} (${v.nodes.length} node${v.nodes.length === 1 ? "" : "s"}) ${v.helpUrl}`,
        ...v.nodes.map((n) => `  - ${n.target.join(" ")}\n    ${(n.failureSummary ?? "").replace(/\n/g, "\n    ")}`),
      ].join("\n"),
    )
    .join("\n");
  expect(blocking.length, `${label}: serious or critical axe violations\n${report}`).toBe(0);
}
