import { z } from "zod";
import { auditActorOptionSchema } from "../contract/audit-log.ts";
import { listAuditActors } from "../audit.ts";
import { adminProcedure } from "../../../kernel/trpc.ts";

/** The actor filter's choices: members, API keys, the service, failed sign-ins. */
export const listAuditActorsProcedure = adminProcedure
  .output(z.object({ data: z.array(auditActorOptionSchema) }))
  .query(async ({ ctx }) => ({ data: await listAuditActors(ctx.svc) }));
