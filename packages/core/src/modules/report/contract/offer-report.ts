import { z } from "zod";
import { idParam } from "../../../kernel/contract/common.ts";
import { checkReportRange, reportRangeFields, reportRangeSchema } from "./report.ts";

/**
 * The offers report (issue 41 §5): GET /reports/offers (scope reports:read), the Reports page's
 * "Offers" and its CSV (/api/reports.csv?report=offers). The filters are those of the interview
 * reports (job_id, from, to, tz: local days, as query strings), but the range selects offers, not
 * candidates: the counts are of the offers *sent* in it, time to hire of the offers *accepted* in it.
 */
const count = z.number().int().nonnegative();

/** The offers report's CSV download (/api/reports.csv?report=offers). */
export const OFFER_REPORT_KINDS = ["offers"] as const;
export type OfferReportKind = (typeof OFFER_REPORT_KINDS)[number];

export const offersReportInput = z
  .strictObject({
    job_id: idParam.optional().meta({ description: "One job's offers; company-wide without it", example: 12 }),
    ...reportRangeFields("the date an offer was sent; for time to hire, the date it was accepted"),
  })
  .superRefine(checkReportRange);
export type OffersReportInput = z.infer<typeof offersReportInput>;

const offerCounts = {
  sent: count.meta({ description: "Offers sent in the range (an offer counts once, by the day its current version was sent)" }),
  accepted: count.meta({ description: "Of those, accepted by now" }),
  declined: count.meta({ description: "Of those, declined by the candidate" }),
  expired: count.meta({ description: "Of those, expired unanswered" }),
  withdrawn: count.meta({ description: "Of those, withdrawn by the company after sending" }),
  open: count.meta({ description: "Of those, still waiting for the candidate's answer" }),
  acceptance_rate: z
    .number()
    .min(0)
    .max(1)
    .nullable()
    .meta({
      description:
        "accepted / (accepted + declined + expired) of the offers sent in the range: the share of the offers the candidates answered (or let expire) that they accepted. Withdrawn and open offers do not count. Null when none was answered or expired.",
    }),
  hires: count.meta({ description: "Offers accepted in the range (whenever sent): the sample of the days to hire" }),
  median_days: z.number().nonnegative().nullable().meta({ description: "Days from application to acceptance, median (two decimals); null without hires" }),
  p75_days: z.number().nonnegative().nullable().meta({ description: "75th percentile" }),
  p90_days: z.number().nonnegative().nullable().meta({ description: "90th percentile" }),
};

export const offersReportSchema = z
  .object({
    range: reportRangeSchema,
    overall: z.object(offerCounts),
    jobs: z
      .array(z.object({ job_id: z.number().int(), title: z.string(), ...offerCounts }))
      .meta({ description: "A row per job with an offer sent or accepted in the range, by title" }),
  })
  .meta({
    id: "OffersReport",
    description:
      "Offers sent in the range and what became of them (accepted, declined, expired, withdrawn, still open) with the acceptance rate, and time to hire: the days from the candidate's application to their acceptance (median, 75th and 90th percentile) of the offers accepted in the range. Company-wide and per job (the offer's job).",
  });

export type OffersReportDto = z.infer<typeof offersReportSchema>;
