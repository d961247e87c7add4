import { handleRoute } from "@/lib/server/route-errors";
import { indeedFeed } from "@/server/public/job-board";

export const dynamic = "force-dynamic";

/** Indeed's XML job feed: every open job of the company. */
export function GET(req: Request, { params }: { params: Promise<{ slug: string }> }): Promise<Response> {
  return handleRoute(async () => indeedFeed(req, (await params).slug));
}
