import { handleRoute } from "@/lib/server/route-errors";
import { companySitemap } from "@/server/public/job-board";

export const dynamic = "force-dynamic";

/** The careers page and its open jobs' pages, for search engines (robots.txt points here). */
export function GET(req: Request, { params }: { params: Promise<{ slug: string }> }): Promise<Response> {
  return handleRoute(async () => companySitemap(req, (await params).slug));
}
