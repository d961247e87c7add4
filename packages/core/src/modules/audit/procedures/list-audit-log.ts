import { auditLogPageSchema, listAuditLogInput } from "../contract/audit-log.ts";
import { listAuditLog } from "../audit.ts";
import { adminProcedure } from "../../../kernel/trpc.ts";

/** Settings → Audit log: newest first, filtered by action, kind and actor (sign-ins hidden on request), keyset-paginated, with the names of the ids the entries hold. */
export const listAuditLogProcedure = adminProcedure
  .input(listAuditLogInput)
  .output(auditLogPageSchema)
  .query(({ ctx, input }) => listAuditLog(ctx.svc, input));
