import { z } from "zod";
import { invitationSchema } from "../contract/team.ts";
import { listInvitations } from "../member-invitations.ts";
import { adminProcedure } from "../../../kernel/trpc.ts";

/** Settings → Team: the last 100 invitations, newest first, each with its status (never the token). */
export const listInvitationsProcedure = adminProcedure
  .output(z.object({ data: z.array(invitationSchema) }))
  .query(async ({ ctx }) => ({ data: await listInvitations(ctx.svc) }));
