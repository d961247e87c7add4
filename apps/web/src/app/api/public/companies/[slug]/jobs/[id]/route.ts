import { answerBoardApi, boardPreflight } from "@/server/public/job-board";

export const dynamic = "force-dynamic";

/** One open job of the public job board API, with its screening questions. */
export async function GET(req: Request, { params }: { params: Promise<{ slug: string; id: string }> }): Promise<Response> {
  const { slug, id } = await params;
  return answerBoardApi(req, slug, id);
}

export function OPTIONS(): Promise<Response> {
  return boardPreflight();
}
