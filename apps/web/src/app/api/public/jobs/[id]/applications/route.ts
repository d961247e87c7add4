import { handleRoute } from "@/lib/server/route-errors";
import { publishAfterResponse } from "@/server/publish-after-response";
import { applicationPreflight, withApplicationCors } from "@/server/public/application-cors";
import { handleApplication } from "@/server/public/applications";

export const dynamic = "force-dynamic";

export async function POST(req: Request, { params }: { params: Promise<{ id: string }> }): Promise<Response> {
  const { id } = await params;
  const response = await handleRoute(async () => {
    publishAfterResponse();
    return handleApplication(req, id);
  });
  return withApplicationCors(req, id, response);
}

/** The CORS preflight of a company's own site (Settings → Privacy → allowed sites). */
export async function OPTIONS(req: Request, { params }: { params: Promise<{ id: string }> }): Promise<Response> {
  const { id } = await params;
  return handleRoute(() => applicationPreflight(req, id));
}
