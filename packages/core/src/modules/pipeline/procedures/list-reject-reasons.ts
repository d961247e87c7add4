import { z } from "zod";
import { rejectReasonSchema } from "../contract/job-stages.ts";
import { listRejectReasons } from "../reject-reasons.ts";
import { companyProcedure } from "../../../kernel/trpc.ts";

export const listRejectReasonsProcedure = companyProcedure
  .meta({
    scope: "candidates:read",
    openapi: {
      method: "GET",
      path: "/reject_reasons",
      tags: ["Candidates"],
      summary: "List reject reasons",
      description:
        "The company's reasons for rejecting a candidate, in order (Settings → Reject reasons). Give one as `reject_reason_id` with a move to a rejected-type stage (PATCH /candidates/{id}). Archived reasons can no longer be given but stay on the candidates that have them.",
      protect: true,
      errorResponses: { 401: "Missing or invalid API key" },
    },
  })
  .input(z.strictObject({}))
  .output(z.object({ data: z.array(rejectReasonSchema) }))
  .query(async ({ ctx }) => ({ data: await listRejectReasons(ctx.svc) }));
