import { auditEntrySchema, listAuditLogInput } from "../contract/audit-log.ts";
import { listEnvelope } from "../../../kernel/contract/common.ts";
import { listAuditLog } from "../audit.ts";
import { adminProcedure } from "../../../kernel/trpc.ts";

/** Settings → Audit log: newest first, filtered by action and actor, keyset-paginated. */
export const listAuditLogProcedure = adminProcedure
  .input(listAuditLogInput)
  .output(listEnvelope(auditEntrySchema))
  .query(({ ctx, input }) => listAuditLog(ctx.svc, input));
