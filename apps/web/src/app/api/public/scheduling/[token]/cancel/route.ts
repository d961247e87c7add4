import { handleRoute } from "@/lib/server/route-errors";
import { publishAfterResponse } from "@/server/publish-after-response";
import { schedulingCancel } from "@/server/public/scheduling";

export const dynamic = "force-dynamic";

/** Cancels the booked interview. */
export async function POST(req: Request, { params }: { params: Promise<{ token: string }> }): Promise<Response> {
  const { token } = await params;
  return handleRoute(() => {
    publishAfterResponse();
    return schedulingCancel(req, token);
  });
}
