import { AppError, authenticateApiKey, createCandidateInput, type ErrorDetail, zodIssuesToDetails } from "@hireflow/core";
import { getPrisma } from "@hireflow/db";
import { checkResumeFile, isAcceptedResume, isNoFileChosen, storeResume, withStoredResume, type AcceptedResume } from "../uploads/resume-file.ts";
import { API_PREFIX, errorResponse, handleRestRequest, newRequestId } from "./gateway.ts";
import { isMultipart, readMultipartForm } from "./multipart.ts";

const RESUME_FIELD = "resume";
/** job_id as digits only, like path ids: "0x10" or "1e3" stay strings and fail validation. */
const DIGITS = /^[0-9]{1,15}$/;

export function isMultipartCandidateCreate(req: Request): boolean {
  if (req.method !== "POST" || !isMultipart(req)) return false;
  return new URL(req.url).pathname.replace(/\/+$/, "") === `${API_PREFIX}/candidates`;
}

/**
 * The multipart variant of POST /api/v1/candidates: the same procedure as JSON (validation,
 * duplicate rule, envelope), fed with the form's text fields and a resume stored beforehand. The
 * key is checked before anything is stored, the form is validated before the blob is written, and
 * the blob is deleted again if the create does not succeed.
 */
export async function createCandidateFromMultipart(req: Request): Promise<Response> {
  const requestId = newRequestId();
  try {
    const principal = await authenticateApiKey(getPrisma(), req.headers.get("authorization"));
    const { body, resume } = await readCandidateForm(await readMultipartForm(req));
    const stored = resume ? await storeResume(principal.companyId, resume) : undefined;
    return await withStoredResume(stored, () => handleRestRequest(req, { requestId, body, upload: stored }));
  } catch (error) {
    return errorResponse(error, requestId);
  }
}

async function readCandidateForm(form: FormData): Promise<{ body: Record<string, unknown>; resume?: AcceptedResume }> {
  const body: Record<string, unknown> = {};
  const details: ErrorDetail[] = [];
  const known = new Set(Object.keys(createCandidateInput.shape));
  const seen = new Set<string>();
  let resumeEntry: FormDataEntryValue | undefined;

  for (const [key, value] of form) {
    if (seen.has(key)) {
      details.push({ field: key, message: "Must be given once" });
      continue;
    }
    seen.add(key);
    if (key === RESUME_FIELD) {
      if (!isNoFileChosen(value)) resumeEntry = value;
    } else if (typeof value !== "string") {
      details.push({ field: key, message: known.has(key) ? "Must be a text field" : "Unknown field" });
    } else {
      body[key] = key === "job_id" && DIGITS.test(value) ? Number(value) : value;
    }
  }

  // The procedure validates again; checking here first means an invalid form stores nothing.
  const parsed = createCandidateInput.safeParse(body);
  if (!parsed.success) details.push(...zodIssuesToDetails(parsed.error.issues));
  let resume: AcceptedResume | undefined;
  if (resumeEntry !== undefined) {
    const checked = await checkResumeFile(resumeEntry, RESUME_FIELD);
    if (isAcceptedResume(checked)) resume = checked;
    else details.push(checked);
  }
  if (details.length) throw AppError.validation(details);
  return { body, resume };
}
