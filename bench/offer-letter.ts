import { pathToFileURL } from "node:url";
// zod-openapi's augmentation of zod's .meta() (the contracts use it) is part of core's program; the
// bench typechecks core's sources in its own.
import type {} from "zod-openapi";
import { DEFAULT_LETTER_TEMPLATE } from "../packages/core/src/modules/offer/contract/letter-template.ts";
import { renderLetterPdf } from "../packages/core/src/modules/offer/letter/pdf.ts";
import { letterValues, renderLetterHtml } from "../packages/core/src/modules/offer/letter/render-html.ts";
import { percentiles } from "./util.ts";

/**
 * The offer letter PDF (packages/core/src/modules/offer/letter/pdf.ts), in this process: the default
 * template filled with an offer's terms and rendered to a PDF, SAMPLES times one after another after
 * WARM_UP renders. Every sample is a whole new document (template filled, HTML laid out, fonts parsed
 * and subset, PDF written); only the font files' bytes are kept between renders, as in the app.
 * Target: p95 ≤ 150 ms on the 2-core machine.
 */
export const OFFER_LETTER = { warmUp: 20, samples: 200 } as const;

export interface OfferLetterResult {
  samples: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
}

const NAMES = ["Łukasz Żółć", "Zoë Ångström", "Иван Петров", "Αλέξανδρος Παπαδόπουλος", "Marcus O'Neill"];

function html(i: number): string {
  return renderLetterHtml(
    DEFAULT_LETTER_TEMPLATE,
    letterValues({
      candidateName: NAMES[i % NAMES.length]!,
      companyName: "Acme Robotics GmbH",
      jobTitle: "Senior Backend Engineer",
      startDate: "2027-03-01",
      salary: { amount: 85_000 + i, currency: "EUR", period: "year" },
      bonus: { amount: 10_000, currency: "EUR" },
      expiresAt: new Date("2027-02-15T17:00:00Z"),
      timeZone: "Europe/Berlin",
    }),
  );
}

const round = (ms: number) => Math.round(ms * 10) / 10;

export async function runOfferLetterBench(): Promise<OfferLetterResult> {
  const createdAt = new Date("2027-01-10T09:00:00Z");
  for (let i = 0; i < OFFER_LETTER.warmUp; i++) await renderLetterPdf(html(i), { title: "Offer", companyName: "Acme Robotics GmbH", createdAt });
  const times = new Float64Array(OFFER_LETTER.samples);
  for (let i = 0; i < OFFER_LETTER.samples; i++) {
    const started = performance.now();
    await renderLetterPdf(html(i), { title: "Offer: Senior Backend Engineer", companyName: "Acme Robotics GmbH", createdAt });
    times[i] = performance.now() - started;
  }
  const [p50, p95, max] = percentiles(times, [50, 95, 100]);
  return { samples: OFFER_LETTER.samples, p50Ms: round(p50!), p95Ms: round(p95!), maxMs: round(max!) };
}

// `npx tsx bench/offer-letter.ts` runs it alone and prints the JSON.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(JSON.stringify(await runOfferLetterBench()));
}
