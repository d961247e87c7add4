import {
  AppError,
  type ErrorDetail,
  logger,
  RESUME_CONTENT_TYPES,
  RESUME_MAX_BYTES,
  type ResumeFileType,
  type StoredResume,
} from "@hireflow/core";
import { detectResumeType } from "@hireflow/worker/resume/detect";
import { getStorage } from "@hireflow/storage";

export interface AcceptedResume {
  bytes: Uint8Array;
  type: ResumeFileType;
  contentType: string;
  filename: string;
}

/**
 * An HTML form's file input with no file chosen arrives as a nameless, empty part (some clients
 * send it as an empty text value): that is no resume, not an empty one.
 */
export function isNoFileChosen(value: FormDataEntryValue | null): boolean {
  if (value === null) return false;
  return typeof value === "string" ? value === "" : value.name === "" && value.size === 0;
}

/**
 * Accepts a PDF, DOC or DOCX of at most 10 MB, judged by its first bytes: the file name and the
 * declared content type are the uploader's word and are ignored.
 */
export async function checkResumeFile(value: FormDataEntryValue, field = "resume"): Promise<AcceptedResume | ErrorDetail> {
  if (typeof value === "string") return { field, message: "Must be a file (PDF, DOC or DOCX)" };
  if (value.size > RESUME_MAX_BYTES) return { field, message: "Must be at most 10 MB" };
  const bytes = new Uint8Array(await value.arrayBuffer());
  if (bytes.byteLength === 0) return { field, message: "The file is empty" };
  const type = detectResumeType(bytes);
  if (!type) return { field, message: "Must be a PDF, DOC or DOCX file" };
  return { bytes, type, contentType: RESUME_CONTENT_TYPES[type], filename: resumeFilename(value.name, type) };
}

export function isAcceptedResume(value: AcceptedResume | ErrorDetail): value is AcceptedResume {
  return "bytes" in value;
}

function resumeFilename(name: string, type: ResumeFileType): string {
  const base = (name.split(/[/\\]/).pop() ?? "").replace(/\p{Cc}/gu, "").trim().slice(-200);
  return base || `resume.${type}`;
}

/** Writes the resume before the candidate row exists; the caller discards it if the create fails. */
export async function storeResume(companyId: number, resume: AcceptedResume): Promise<StoredResume> {
  try {
    const { key, size } = await getStorage().put({
      prefix: `resumes/${companyId}`,
      filename: resume.filename,
      contentType: resume.contentType,
      body: resume.bytes,
    });
    return { key, filename: resume.filename, contentType: resume.contentType, size };
  } catch (error) {
    throw new AppError("service_unavailable", "The resume could not be stored; retry shortly", { cause: error });
  }
}

/**
 * Runs `respond` (which creates the candidate pointing at `stored`) and deletes the blob unless
 * the response is a success that used it, so a refused or failed create leaves no orphan file. A
 * replayed idempotent request answers with the first request's candidate, which has its own blob.
 */
export async function withStoredResume(stored: StoredResume | undefined, respond: () => Promise<Response>): Promise<Response> {
  let response: Response | undefined;
  try {
    response = await respond();
    return response;
  } finally {
    const used = response?.ok && response.headers.get("idempotent-replayed") !== "true";
    if (stored && !used) await discardResume(stored);
  }
}

/** Deletes a stored resume no candidate uses; a failure is logged, never thrown over the answer. */
export async function discardResume(stored: StoredResume): Promise<void> {
  await getStorage()
    .delete(stored.key)
    .catch((error: unknown) => logger.error("could not delete the blob of a failed upload", { key: stored.key, error }));
}
