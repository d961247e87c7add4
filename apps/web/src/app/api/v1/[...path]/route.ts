import { createCandidateFromMultipart, isMultipartCandidateCreate } from "@/server/rest/candidate-multipart";
import { handleRestRequest } from "@/server/rest/gateway";

export const dynamic = "force-dynamic";

const handler = (req: Request) => handleRestRequest(req);
// Resume uploads are parsed here (with a streaming size limit) and then run the same procedure as JSON.
const post = (req: Request) => (isMultipartCandidateCreate(req) ? createCandidateFromMultipart(req) : handleRestRequest(req));
export { handler as GET, post as POST, handler as PATCH, handler as PUT, handler as DELETE, handler as HEAD };
