import { handleRoute } from "@/lib/server/route-errors";
import { embedScript } from "@/server/public/job-board";

export const dynamic = "force-dynamic";

/** The script a company's own site includes to show its open jobs (Settings → Careers site has the snippet). */
export function GET(req: Request, { params }: { params: Promise<{ slug: string }> }): Promise<Response> {
  return handleRoute(async () => embedScript(req, (await params).slug));
}
