import { careersUrl, listPublishingSlugs } from "@hireflow/core";
import { getPrisma } from "@hireflow/db";
import { handleRoute } from "@/lib/server/route-errors";

export const dynamic = "force-dynamic";

/** The sitemap index robots.txt names: one sitemap per company with open jobs (/careers/{slug}/sitemap.xml). */
export function GET(): Promise<Response> {
  return handleRoute(async () => {
    const slugs = await listPublishingSlugs(getPrisma());
    const body = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      // Slugs are [a-z0-9-]: nothing in a URL built from one needs XML escaping.
      ...slugs.map((slug) => `<sitemap><loc>${careersUrl(slug)}/sitemap.xml</loc></sitemap>`),
      "</sitemapindex>",
      "",
    ].join("\n");
    return new Response(body, { headers: { "content-type": "application/xml; charset=utf-8", "cache-control": "public, max-age=300" } });
  });
}
