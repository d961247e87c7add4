import { AppError, APPLICATION_RECEIVED, idParam, limitApplications, submitApplication } from "@hireflow/core";
import { getPrisma } from "@hireflow/db";
import { JSON_BODY_LIMIT, parseJsonBody, readBodyLimited } from "../rest/body.ts";
import { isMultipart } from "../rest/multipart.ts";
import { submitMultipartApplication } from "./application-multipart.ts";
import { clientIp } from "@/lib/server/client-ip";

/**
 * POST /api/public/jobs/{id}/applications: the careers page's form, no API key. Transport only —
 * rate limit, body decoding; the rules live in core's submitApplication. Errors are thrown: the
 * route turns them into the envelope (lib/server/route-errors).
 */
export async function handleApplication(req: Request, jobIdParam: string): Promise<Response> {
  await limitApplications(clientIp(req));
  // Not a job id is not a job: the same 404 as an unknown, inactive or private job.
  const parsed = idParam.safeParse(jobIdParam);
  if (!parsed.success) throw AppError.notFound("Job", jobIdParam);
  const jobId = parsed.data;
  const type = req.headers.get("content-type") ?? "";
  if (/^application\/json\s*(;|$)/i.test(type)) {
    await submitApplication(getPrisma(), jobId, parseJsonBody(await readBodyLimited(req, JSON_BODY_LIMIT)));
  } else if (isMultipart(req)) {
    await submitMultipartApplication(req, jobId);
  } else {
    throw new AppError("bad_request", "The request body must be JSON or multipart/form-data");
  }
  return Response.json({ data: APPLICATION_RECEIVED }, { status: 201 });
}
