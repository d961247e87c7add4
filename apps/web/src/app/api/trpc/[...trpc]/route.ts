import { publishAfterResponse } from "@/server/publish-after-response";
import { handleTrpcRequest } from "@/server/trpc/endpoint";

export const dynamic = "force-dynamic";

// On Vercel every /api/trpc request comes here; a self-hosted `npm start` answers the GETs and POSTs of
// canonical procedure paths before Next (server/node), the rest (HEAD, other methods, odd paths) here.
const handle = (req: Request) => handleTrpcRequest(req, publishAfterResponse);
export { handle as GET, handle as POST };
