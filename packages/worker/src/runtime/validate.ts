import { NonRetriableError, type StandardSchemaV1 } from "inngest";

export type ValidationResult<T> = { ok: true; value: T } | { ok: false; message: string };

/**
 * Validates with any Standard Schema (zod 4 is one), so this package needs no zod import of its
 * own and schemas may transform or default values, which Inngest's `eventType()` refuses.
 */
export async function validateData<T>(
  schema: StandardSchemaV1<unknown, T>,
  data: unknown,
): Promise<ValidationResult<T>> {
  const result = await schema["~standard"].validate(data);
  if (!result.issues) return { ok: true, value: result.value };
  return { ok: false, message: result.issues.map(formatIssue).join("; ") };
}

/** Invalid event data will not become valid on retry: fail the run at once. */
export async function parseEventData<T>(
  jobId: string,
  schema: StandardSchemaV1<unknown, T>,
  data: unknown,
): Promise<T> {
  const result = await validateData(schema, data);
  if (result.ok) return result.value;
  throw new NonRetriableError(`Invalid event data for job "${jobId}": ${result.message}`);
}

function formatIssue(issue: StandardSchemaV1.Issue): string {
  const path = (issue.path ?? [])
    .map((segment) => String(typeof segment === "object" ? segment.key : segment))
    .join(".");
  return path ? `${path}: ${issue.message}` : issue.message;
}
