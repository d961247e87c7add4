import { AppError, assertScope, authenticateBearer, createCandidateInput, foldSelfIdFields, isSelfIdField, procedureMetas, zodIssuesToDetails } from "@hireflow/core";
import { getPrisma } from "@hireflow/db";
import { type AcceptedResume, storeResume, withStoredResume } from "../uploads/resume-file.ts";
import { readResumeForm } from "../uploads/resume-form.ts";
import { API_PREFIX, errorResponse, handleRestRequest, newRequestId } from "./gateway.ts";
import { isMultipart, readMultipartForm } from "./multipart.ts";
import { requestOrigin } from "../../lib/server/request-origin.ts";

/** job_id as digits only, like path ids: "0x10" or "1e3" stay strings and fail validation. */
const DIGITS = /^[0-9]{1,15}$/;
const TEXT_FIELDS = new Set(Object.keys(createCandidateInput.shape));
const CREATE_META = procedureMetas.find((p) => p.path === "candidates.create")?.meta;

export function isMultipartCandidateCreate(req: Request): boolean {
  if (req.method !== "POST" || !isMultipart(req)) return false;
  return new URL(req.url).pathname.replace(/\/+$/, "") === `${API_PREFIX}/candidates`;
}

/**
 * The multipart variant of POST /api/v1/candidates: the same procedure as JSON (validation,
 * duplicate rule, envelope), fed with the form's text fields and a resume stored beforehand. The
 * key (and its scope, with the procedure's own check, so a read-only key uploads nothing) is checked
 * before anything is stored, the form is validated before the blob is written, and the blob is
 * deleted again if the create does not succeed.
 */
export async function createCandidateFromMultipart(req: Request): Promise<Response> {
  const requestId = newRequestId();
  try {
    const principal = await authenticateBearer(getPrisma(), req.headers.get("authorization"), () => requestOrigin(req), "api/v1");
    assertScope(principal, CREATE_META);
    const { body, resume } = await readCandidateForm(await readMultipartForm(req));
    const stored = resume ? await storeResume(principal.companyId, resume) : undefined;
    return await withStoredResume(stored, () => handleRestRequest(req, { requestId, body, upload: stored }));
  } catch (error) {
    return errorResponse(error, requestId);
  }
}

async function readCandidateForm(form: FormData): Promise<{ body: Record<string, unknown>; resume?: AcceptedResume }> {
  const { fields, resume, details } = await readResumeForm(form, (name) => TEXT_FIELDS.has(name) || isSelfIdField(name));
  const body: Record<string, unknown> = foldSelfIdFields(fields);
  if (fields.job_id !== undefined && DIGITS.test(fields.job_id)) body.job_id = Number(fields.job_id);
  // A form's checkbox is a string; "true"/"false" only, anything else stays a string and fails validation.
  if (fields.ai_opt_out === "true" || fields.ai_opt_out === "false") body.ai_opt_out = fields.ai_opt_out === "true";
  // The procedure validates again; checking here first means an invalid form stores nothing.
  const parsed = createCandidateInput.safeParse(body);
  // Field problems first, then the file's, as the form lists them.
  const problems = [...(parsed.success ? [] : zodIssuesToDetails(parsed.error.issues)), ...details];
  if (problems.length) throw AppError.validation(problems);
  return { body, resume };
}
