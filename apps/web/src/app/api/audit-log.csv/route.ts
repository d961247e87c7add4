import { AppError, assertSettingsAccess, auditLogCsv, auditLogFilters, systemContext } from "@hireflow/core";
import { sessionTokenFromCookieHeader, verifySession } from "@hireflow/core/auth/sessions";
import { getPrisma } from "@hireflow/db";
import { clientIp } from "@/lib/server/client-ip";
import { handleRoute } from "@/lib/server/route-errors";

export const dynamic = "force-dynamic";

/**
 * GET [?action=&actor=] → the audit log as CSV (Settings → Audit log, the page's filters), for a
 * signed-in owner or admin; a recruiter gets 403 like the audit-log procedures. Bad filters are a 400.
 */
export function GET(req: Request): Promise<Response> {
  return handleRoute(async () => {
    const prisma = getPrisma();
    const session = await verifySession(prisma, sessionTokenFromCookieHeader(req.headers.get("cookie")));
    if (!session) throw new AppError("unauthorized", "Sign in to download the audit log");
    const { user } = session;
    assertSettingsAccess({ kind: "user", companyId: user.company.id, userId: user.id, role: user.role }, { settings: true });
    const params = new URL(req.url).searchParams;
    // Parsed by the same contract as the page's procedure (a ZodError is a 400 with details).
    const filters = auditLogFilters.parse({ action: params.get("action") || undefined, actor: params.get("actor") || undefined });
    const svc = { ...systemContext(prisma, user.company.id, { type: "user", userId: user.id }), ip: clientIp(req) };
    const csv = await auditLogCsv(svc, filters);
    return new Response(csv, {
      headers: {
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": `attachment; filename="audit-log-${new Date().toISOString().slice(0, 10)}.csv"`,
        "cache-control": "no-store",
      },
    });
  });
}
