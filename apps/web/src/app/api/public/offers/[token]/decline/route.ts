import { handleRoute } from "@/lib/server/route-errors";
import { publishAfterResponse } from "@/server/publish-after-response";
import { answerOfferDecline } from "@/server/public/offers";

export const dynamic = "force-dynamic";

/** The candidate declines (`{ reason }`, optional). */
export async function POST(req: Request, { params }: { params: Promise<{ token: string }> }): Promise<Response> {
  const { token } = await params;
  return handleRoute(() => {
    publishAfterResponse();
    return answerOfferDecline(req, token);
  });
}
