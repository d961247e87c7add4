import { auditEntrySchema, listAuditLogInput } from "../../contracts/audit-log.ts";
import { listEnvelope } from "../../contracts/common.ts";
import { listAuditLog } from "../../services/audit.ts";
import { adminProcedure } from "../../trpc.ts";

/** Settings → Audit log: newest first, filtered by action and actor, keyset-paginated. */
export const listAuditLogProcedure = adminProcedure
  .input(listAuditLogInput)
  .output(listEnvelope(auditEntrySchema))
  .query(({ ctx, input }) => listAuditLog(ctx.svc, input));
