import { answerBoardApi, boardPreflight } from "@/server/public/job-board";

export const dynamic = "force-dynamic";

/** The public job board API: a company's open jobs, no key, readable from any site. */
export async function GET(req: Request, { params }: { params: Promise<{ slug: string }> }): Promise<Response> {
  return answerBoardApi(req, (await params).slug);
}

export function OPTIONS(): Promise<Response> {
  return boardPreflight();
}
