import { appBaseUrl } from "@hireflow/config";

export const dynamic = "force-dynamic";

/** Crawlers may read the careers site (the app itself needs a sign-in); the sitemap index lists every company's sitemap. */
export function GET(): Response {
  const base = appBaseUrl();
  const body = ["User-agent: *", "Allow: /careers/", "Disallow: /api/", "", `Sitemap: ${base}/sitemap.xml`, ""].join("\n");
  return new Response(body, { headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "public, max-age=3600" } });
}
