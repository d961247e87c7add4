import { handleApplication } from "@/server/public/applications";

export const dynamic = "force-dynamic";

export async function POST(req: Request, { params }: { params: Promise<{ id: string }> }) {
  return handleApplication(req, (await params).id);
}
