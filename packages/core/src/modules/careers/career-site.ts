import { type CareerSiteSettingsDto, type UpdateCareerSiteInput } from "./contract/career-site.ts";
import { type ServiceContext } from "../../kernel/context.ts";
import { recordSettingChanges } from "../audit/audit.ts";
import { careersUrl } from "./careers.ts";
import { embedSnippet, publicJobsApiUrl } from "./job-board-embed.ts";

const select = { slug: true, websiteUrl: true, logoUrl: true } as const;

function toSettings(company: { slug: string; websiteUrl: string | null; logoUrl: string | null }): CareerSiteSettingsDto {
  const home = careersUrl(company.slug);
  return {
    website_url: company.websiteUrl,
    logo_url: company.logoUrl,
    careers_url: home,
    sitemap_url: `${home}/sitemap.xml`,
    indeed_feed_url: `${home}/feeds/indeed.xml`,
    json_feed_url: `${home}/feeds/jobs.json`,
    job_board_api_url: publicJobsApiUrl(company.slug),
    embed_script_url: `${home}/embed.js`,
    embed_snippet: embedSnippet(company.slug),
  };
}

export async function getCareerSiteSettings(svc: ServiceContext): Promise<CareerSiteSettingsDto> {
  return toSettings(await svc.db.company.findUniqueOrThrow({ where: { id: svc.companyId }, select }));
}

/** Saves the website and logo; the audit log gets each changed value before and after. */
export async function updateCareerSiteSettings(svc: ServiceContext, input: UpdateCareerSiteInput): Promise<CareerSiteSettingsDto> {
  const after = await svc.db.$transaction(async (tx) => {
    const before = await tx.company.findUniqueOrThrow({ where: { id: svc.companyId }, select });
    const saved = await tx.company.update({
      where: { id: svc.companyId },
      data: {
        ...(input.website_url !== undefined && { websiteUrl: input.website_url }),
        ...(input.logo_url !== undefined && { logoUrl: input.logo_url }),
      },
      select,
    });
    await recordSettingChanges(tx, svc, "career_site.updated", before, saved, [
      ["website_url", "websiteUrl"],
      ["logo_url", "logoUrl"],
    ]);
    return saved;
  });
  return toSettings(after);
}
