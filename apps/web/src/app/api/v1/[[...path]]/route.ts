import { createCandidateFromMultipart, isMultipartCandidateCreate } from "@/server/rest/candidate-multipart";
import { publishAfterResponse } from "@/server/publish-after-response";
import { handleRestRequest } from "@/server/rest/gateway";

export const dynamic = "force-dynamic";

const read = (req: Request) => handleRestRequest(req);
const write = (req: Request) => {
  publishAfterResponse();
  return handleRestRequest(req);
};
// Resume uploads are parsed here (with a streaming size limit) and then run the same procedure as JSON.
const post = (req: Request) => {
  publishAfterResponse();
  return isMultipartCandidateCreate(req) ? createCandidateFromMultipart(req) : handleRestRequest(req);
};
export { read as GET, post as POST, write as PATCH, write as PUT, write as DELETE, read as HEAD, read as OPTIONS };
