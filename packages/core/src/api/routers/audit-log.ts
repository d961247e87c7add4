import { router } from "../../kernel/trpc.ts";
import { listAuditActorsProcedure } from "../../modules/audit/procedures/list-audit-actors.ts";
import { listAuditLogProcedure } from "../../modules/audit/procedures/list-audit-log.ts";

/** Settings → Audit log (web app only, owners and admins). Read-only: there is no procedure that changes an entry. */
export const auditLogRouter = router({
  list: listAuditLogProcedure,
  actors: listAuditActorsProcedure,
});
