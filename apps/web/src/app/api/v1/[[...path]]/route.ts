import { publishAfterResponse } from "@/server/publish-after-response";
import { handleApiV1Request } from "@/server/rest/api-v1";

export const dynamic = "force-dynamic";

// On Vercel every /api/v1 request comes here; a self-hosted `npm start` answers them before Next (server/node).
const handle = (req: Request) => handleApiV1Request(req, publishAfterResponse);
export { handle as GET, handle as POST, handle as PATCH, handle as PUT, handle as DELETE, handle as HEAD, handle as OPTIONS };
