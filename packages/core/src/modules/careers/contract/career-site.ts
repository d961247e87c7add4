import { z } from "zod";
import { httpUrl, webAddress } from "../../../kernel/contract/common.ts";

/**
 * Settings → Careers site (web app only, owners and admins): the company's own website and logo,
 * which the careers pages and Google's JobPosting show, and every public address the careers site
 * publishes, with the snippet that embeds the job list in the company's own site.
 */
export const careerSiteSettingsSchema = z.object({
  website_url: z.string().nullable(),
  logo_url: z.string().nullable(),
  careers_url: z.string(),
  sitemap_url: z.string(),
  indeed_feed_url: z.string(),
  json_feed_url: z.string(),
  job_board_api_url: z.string(),
  embed_script_url: z.string(),
  /** HTML to paste into a page of the company's site: renders its open jobs where it stands. */
  embed_snippet: z.string(),
});

export type CareerSiteSettingsDto = z.infer<typeof careerSiteSettingsSchema>;

export const updateCareerSiteInput = z.strictObject({
  website_url: httpUrl.nullable().optional(),
  // https only (the database checks it too): the careers pages would block a mixed-content image.
  logo_url: webAddress("https", "Must be an https:// address of an image").nullable().optional(),
});

export type UpdateCareerSiteInput = z.infer<typeof updateCareerSiteInput>;
