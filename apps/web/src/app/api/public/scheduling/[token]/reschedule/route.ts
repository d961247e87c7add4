import { handleRoute } from "@/lib/server/route-errors";
import { publishAfterResponse } from "@/server/publish-after-response";
import { schedulingBook } from "@/server/public/scheduling";

export const dynamic = "force-dynamic";

/** `{ start_at, time_zone? }`: a slot's start. */
export async function POST(req: Request, { params }: { params: Promise<{ token: string }> }): Promise<Response> {
  const { token } = await params;
  return handleRoute(() => {
    publishAfterResponse();
    return schedulingBook(req, token, "reschedule");
  });
}
