import { publishAfterResponse } from "@/server/publish-after-response";
import { handleApplication } from "@/server/public/applications";

export const dynamic = "force-dynamic";

export async function POST(req: Request, { params }: { params: Promise<{ id: string }> }) {
  publishAfterResponse();
  return handleApplication(req, (await params).id);
}
