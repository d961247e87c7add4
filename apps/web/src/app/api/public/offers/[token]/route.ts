import { handleRoute } from "@/lib/server/route-errors";
import { answerOfferGet } from "@/server/public/offers";

export const dynamic = "force-dynamic";

/** The offer behind a candidate's link: what the page /offers/{token} shows, for a company's own site. */
export async function GET(req: Request, { params }: { params: Promise<{ token: string }> }): Promise<Response> {
  const { token } = await params;
  return handleRoute(() => answerOfferGet(req, token));
}
