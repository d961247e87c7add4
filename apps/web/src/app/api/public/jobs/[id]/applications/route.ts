import { handleRoute } from "@/lib/server/route-errors";
import { publishAfterResponse } from "@/server/publish-after-response";
import { handleApplication } from "@/server/public/applications";

export const dynamic = "force-dynamic";

export function POST(req: Request, { params }: { params: Promise<{ id: string }> }): Promise<Response> {
  return handleRoute(async () => {
    publishAfterResponse();
    return handleApplication(req, (await params).id);
  });
}
