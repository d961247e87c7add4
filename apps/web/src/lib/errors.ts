/**
 * Errors as the UI shows them. tRPC errors carry the API's envelope in `data.error`
 * ({ code, message, details: [{ field, message }] }); the public REST routes answer the envelope
 * itself. Either way a form gets a message and per-field messages that match the API's wording.
 */
export interface ErrorInfo {
  message: string;
  code?: string;
  status?: number;
  fields: Record<string, string>;
}

interface Envelope {
  error?: { code?: string; message?: string; details?: { field: string; message: string }[] };
}

export function fromEnvelope(body: unknown, status?: number): ErrorInfo {
  const error = (body as Envelope | null)?.error;
  const fields: Record<string, string> = {};
  for (const detail of error?.details ?? []) if (!(detail.field in fields)) fields[detail.field] = detail.message;
  return { message: error?.message ?? "Something went wrong; please try again", code: error?.code, status, fields };
}

export function errorInfo(error: unknown): ErrorInfo {
  const data = (error as { data?: Envelope & { httpStatus?: number } } | null)?.data;
  if (data?.error) return fromEnvelope(data, data.httpStatus);
  if (error instanceof Error && /fetch|network/i.test(error.message)) {
    return { message: "Could not reach the server; check your connection", fields: {} };
  }
  return { message: "Something went wrong; please try again", fields: {} };
}
