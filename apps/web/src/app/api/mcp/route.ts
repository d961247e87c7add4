import { handleMcpRequest } from "@/server/mcp/endpoint";
import { publishAfterResponse } from "@/server/publish-after-response";

export const dynamic = "force-dynamic";

// On Vercel every /api/mcp request comes here; a self-hosted `npm start` answers them before Next (server/node).
const handle = (req: Request) => handleMcpRequest(req, publishAfterResponse);
export { handle as GET, handle as POST, handle as DELETE, handle as PUT, handle as PATCH, handle as OPTIONS };
