import { handleRoute } from "@/lib/server/route-errors";
import { boardPreflight, publicJob, withBoardCors } from "@/server/public/job-board";

export const dynamic = "force-dynamic";

/** One open job of the public job board API, with its screening questions. */
export async function GET(req: Request, { params }: { params: Promise<{ slug: string; id: string }> }): Promise<Response> {
  return withBoardCors(await handleRoute(async () => { const { slug, id } = await params; return publicJob(req, slug, id); }));
}

export function OPTIONS(): Promise<Response> {
  return boardPreflight();
}
