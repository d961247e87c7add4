import { assertSettingsAccess, auditLogCsv, auditLogFilters } from "@hireflow/core";
import { attachment, memberOfRequest } from "@/lib/server/download-route";
import { handleRoute } from "@/lib/server/route-errors";

export const dynamic = "force-dynamic";

/**
 * GET [?action=&actor=&kind=&sign_ins=hide] → the audit log as CSV (Settings → Audit log, the page's filters), for a
 * signed-in owner or admin; a recruiter gets 403 like the audit-log procedures. Bad filters are a 400.
 */
export function GET(req: Request): Promise<Response> {
  return handleRoute(async () => {
    const { svc, user } = await memberOfRequest(req, "Sign in to download the audit log");
    assertSettingsAccess({ kind: "user", companyId: user.company.id, userId: user.id, role: user.role }, { settings: true });
    const params = new URL(req.url).searchParams;
    // Parsed by the same contract as the page's procedure (a ZodError is a 400 with details).
    const filters = auditLogFilters.parse(Object.fromEntries(["action", "actor", "kind", "sign_ins"].map((name) => [name, params.get(name) || undefined])));
    const csv = await auditLogCsv(svc, filters);
    return attachment(csv, "text/csv; charset=utf-8", `audit-log-${new Date().toISOString().slice(0, 10)}.csv`);
  });
}
