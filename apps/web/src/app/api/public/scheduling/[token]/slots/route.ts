import { handleRoute } from "@/lib/server/route-errors";
import { schedulingSlotsGet } from "@/server/public/scheduling";

export const dynamic = "force-dynamic";

/** The free slots (`?time_zone=` labels them; the instants are UTC). */
export async function GET(req: Request, { params }: { params: Promise<{ token: string }> }): Promise<Response> {
  const { token } = await params;
  return handleRoute(() => schedulingSlotsGet(req, token));
}
