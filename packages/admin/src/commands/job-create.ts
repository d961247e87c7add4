import { AppError, createJob, createJobInput, LOCATION_TYPES, systemContext, zodIssuesToDetails, type CreateJobInput } from "@hireflow/core";
import { flag, oneOf, optionalString, optionalWhole, requiredId, requiredString } from "../cli/flags.ts";
import { requireCompany } from "./company.ts";
import { type Command } from "./types.ts";

const FLAG_OF_FIELD: Record<string, string> = {
  "salary.currency": "--currency",
  "salary.min": "--salary-min",
  "salary.max": "--salary-max",
  is_active: "--inactive",
  is_public: "--private",
};

export const jobCreate: Command<{ companyId: number; job: CreateJobInput }> = {
  name: "job:create",
  usage:
    "job:create --company <id> --title <title> [--department <name>] [--locations \"Berlin;Remote\"]\n" +
    "           [--location-type onsite|remote|hybrid] [--salary-min N --salary-max N --currency EUR] [--inactive] [--private]",
  summary: "Create a job; prints it exactly as GET /api/v1/jobs/{id} returns it.",
  options: {
    company: { type: "string" },
    title: { type: "string" },
    department: { type: "string" },
    description: { type: "string" },
    locations: { type: "string" },
    "location-type": { type: "string" },
    "salary-min": { type: "string" },
    "salary-max": { type: "string" },
    currency: { type: "string" },
    inactive: { type: "boolean" },
    private: { type: "boolean" },
  },
  parse(values) {
    const companyId = requiredId(values, "company");
    const raw = {
      title: requiredString(values, "title"),
      department: optionalString(values, "department"),
      description: optionalString(values, "description"),
      locations: optionalString(values, "locations")
        ?.split(";")
        .map((l) => l.trim())
        .filter(Boolean),
      location_type: oneOf(values, "location-type", LOCATION_TYPES),
      salary: salaryOf(optionalWhole(values, "salary-min"), optionalWhole(values, "salary-max"), optionalString(values, "currency")),
      is_active: !flag(values, "inactive"),
      is_public: !flag(values, "private"),
    };
    // The API's own schema decides what a valid job is, so the CLI cannot create one the API would refuse.
    const parsed = createJobInput.safeParse(Object.fromEntries(Object.entries(raw).filter(([, v]) => v !== undefined)));
    if (!parsed.success) throw AppError.validation(zodIssuesToDetails(parsed.error.issues));
    return { companyId, job: parsed.data };
  },
  flagOf: (field) => {
    const base = field.replace(/\[\d+\]/g, "");
    return FLAG_OF_FIELD[base] ?? `--${base.replace(/_/g, "-")}`;
  },
  async run(prisma, input) {
    const company = await requireCompany(prisma, input.companyId);
    const job = await createJob(systemContext(prisma, company.id), input.job);
    const salary = job.salary.min != null || job.salary.max != null ? `, salary ${job.salary.min ?? "?"}–${job.salary.max ?? "?"} ${job.salary.currency ?? ""}`.trimEnd() : "";
    return {
      json: { job },
      text: [
        `Created job ${job.id} "${job.title}" for company ${company.id} "${company.name}"`,
        `  ${job.is_active ? "active" : "inactive"}, ${job.is_public ? "public" : "private"}, ${job.location_type}` +
          `${job.locations.length ? ` (${job.locations.join(", ")})` : ""}${salary}`,
        `  Apply URL: ${job.apply_url}`,
      ].join("\n"),
    };
  },
};

/** The salary object of the API's body, or undefined when no salary flag was given. */
function salaryOf(min: number | undefined, max: number | undefined, currency: string | undefined) {
  if (min === undefined && max === undefined && currency === undefined) return undefined;
  // ISO codes are upper case; accept "eur" rather than refuse it.
  return { min, max, currency: currency?.toUpperCase() };
}
