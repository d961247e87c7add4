import { listEnvelope } from "../../../kernel/contract/common.ts";
import { listUsersInput, userSchema } from "../contract/user.ts";
import { listCompanyUsers } from "../users.ts";
import { companyProcedure } from "../../../kernel/trpc.ts";

export const listUsersProcedure = companyProcedure
  .meta({
    scope: "users:read",
    openapi: {
      method: "GET",
      path: "/users",
      tags: ["Users"],
      summary: "List users",
      description: "The company's members, oldest first: the ids to name as `interviewer_ids`. Pass `pagination.next_cursor` as `cursor` for the next page.",
      protect: true,
      errorResponses: { 400: "Invalid cursor or limit", 401: "Missing or invalid API key" },
    },
  })
  .input(listUsersInput)
  .output(listEnvelope(userSchema))
  .query(({ ctx, input }) => listCompanyUsers(ctx.svc, input));
