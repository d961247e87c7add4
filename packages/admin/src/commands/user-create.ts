import { createUser, USER_ROLES, type UserRole } from "@hireflow/core";
import { oneOf, optionalString, requiredId, requiredString } from "../cli/flags.ts";
import { type Command } from "./types.ts";

interface Input {
  companyId: number;
  email: string;
  password: string;
  name?: string;
  role?: UserRole;
}

export const userCreate: Command<Input> = {
  name: "user:create",
  usage: "user:create --company <id> --email <email> --password <password> [--name <name>] [--role owner|admin|recruiter]",
  summary: "Create a user who can sign in to the company's web app (role owner by default; admins manage settings but not owners, recruiters work on jobs and candidates).",
  options: {
    company: { type: "string" },
    email: { type: "string" },
    password: { type: "string" },
    name: { type: "string" },
    role: { type: "string" },
  },
  parse: (values) => ({
    companyId: requiredId(values, "company"),
    email: requiredString(values, "email"),
    password: requiredString(values, "password"),
    name: optionalString(values, "name"),
    role: oneOf(values, "role", USER_ROLES),
  }),
  flagOf: (field) => (field === "companyId" ? "--company" : `--${field}`),
  async run(prisma, input) {
    const user = await createUser(prisma, input);
    return {
      json: { user: { id: user.id, email: user.email } },
      text: `Created ${user.role} ${user.email} (id ${user.id}) in company ${user.companyId}.`,
    };
  },
};
