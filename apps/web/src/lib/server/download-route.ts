import { AppError, idParam, type ServiceContext, systemContext } from "@hireflow/core";
import { type SessionUser, sessionTokenFromCookieHeader, verifySession } from "@hireflow/core/identity/sessions";
import { isInterviewerOnly } from "@hireflow/core/kernel/roles";
import { getPrisma } from "@hireflow/db";
import { clientIp } from "./client-ip.ts";

/**
 * The downloads of the web app (CSV and JSON files a link fetches, outside tRPC): the signed-in member
 * behind the request as a service context (their company, them as actor, their IP for the audit log),
 * or 401 `unauthorized` with `why` when there is no session.
 */
export async function memberOfRequest(req: Request, why: string, options: { interviewers?: false } = {}): Promise<{ svc: ServiceContext; user: SessionUser }> {
  const prisma = getPrisma();
  const session = await verifySession(prisma, sessionTokenFromCookieHeader(req.headers.get("cookie")));
  if (!session) throw new AppError("unauthorized", why);
  const { user } = session;
  // As the tRPC procedures behind the same data refuse them (trpc.ts assertInterviewerAccess): a download is no way around it.
  if (options.interviewers === false && isInterviewerOnly(user.role)) {
    throw new AppError("forbidden", "Interviewers can see only the candidates they interview and submit their scorecards; your role is interviewer");
  }
  // The role too: what a service shows depends on it (offers a recruiter may see, scorecards before one's own).
  return { user, svc: { ...systemContext(prisma, user.company.id, { type: "user", userId: user.id }), ip: clientIp(req), role: user.role } };
}

/** A path id as the API reads it (idParam); anything else names no row: 404 for `resource`. */
export function pathId(value: string, resource: string): number {
  const parsed = idParam.safeParse(value);
  if (!parsed.success) throw AppError.notFound(resource, value);
  return parsed.data;
}

/** A file download: never cached, saved as `filename`. */
export function attachment(body: string, contentType: string, filename: string): Response {
  return new Response(body, {
    headers: { "content-type": contentType, "content-disposition": `attachment; filename="${filename}"`, "cache-control": "no-store" },
  });
}
