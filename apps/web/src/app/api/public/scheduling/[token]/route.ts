import { handleRoute } from "@/lib/server/route-errors";
import { schedulingLinkGet } from "@/server/public/scheduling";

export const dynamic = "force-dynamic";

/** The scheduling link behind a candidate's token: what the page /schedule/{token} shows. */
export async function GET(req: Request, { params }: { params: Promise<{ token: string }> }): Promise<Response> {
  const { token } = await params;
  return handleRoute(() => schedulingLinkGet(req, token));
}
