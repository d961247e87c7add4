import { handleRoute } from "@/lib/server/route-errors";
import { publishAfterResponse } from "@/server/publish-after-response";
import { answerOfferAccept } from "@/server/public/offers";

export const dynamic = "force-dynamic";

/** The candidate accepts and signs (`{ signature_name }`). */
export async function POST(req: Request, { params }: { params: Promise<{ token: string }> }): Promise<Response> {
  const { token } = await params;
  return handleRoute(() => {
    publishAfterResponse();
    return answerOfferAccept(req, token);
  });
}
