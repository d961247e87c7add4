import { z } from "zod";
import { USER_ROLES } from "../../../kernel/roles.ts";
import { cursorParam, limitParam } from "../../../kernel/contract/common.ts";

/** GET /users: the company's members, to name interviewers. */
export const userSchema = z
  .object({
    id: z.string().meta({ description: "UUID", example: "5b0c3f6e-3c2d-4a8e-9d3e-4c1e2f7a9b10" }),
    name: z.string().nullable(),
    email: z.string(),
    role: z.enum(USER_ROLES),
  })
  .meta({ id: "User" });

export type UserDto = z.infer<typeof userSchema>;

export const listUsersInput = z.strictObject({ limit: limitParam, cursor: cursorParam });

export type ListUsersInput = z.infer<typeof listUsersInput>;
