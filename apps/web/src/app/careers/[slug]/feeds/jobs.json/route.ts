import { handleRoute } from "@/lib/server/route-errors";
import { jsonFeed } from "@/server/public/job-board";

export const dynamic = "force-dynamic";

/** The Indeed feed's content as JSON. */
export function GET(req: Request, { params }: { params: Promise<{ slug: string }> }): Promise<Response> {
  return handleRoute(async () => jsonFeed(req, (await params).slug));
}
