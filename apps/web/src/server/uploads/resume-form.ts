import { AppError, type ErrorDetail } from "@hireflow/core";
import { type AcceptedResume, checkResumeFile, isAcceptedResume, isNoFileChosen } from "./resume-file.ts";

export const RESUME_FIELD = "resume";
/** Far above any real form; 11 MB of tiny fields would otherwise become a million error details. */
const MAX_FORM_ENTRIES = 100;

export interface ResumeForm {
  /** Every text field, by name (unknown ones included, so the contract's strict schema names them). */
  fields: Record<string, string>;
  resume?: AcceptedResume;
  /** Problems found while reading the form: repeated fields, files where text belongs, a bad resume. */
  details: ErrorDetail[];
}

/**
 * Splits a multipart form into its text fields and its one `resume` file. `isTextField` names the
 * fields that may carry text; a file anywhere but `resume` is refused.
 */
export async function readResumeForm(form: FormData, isTextField: (name: string) => boolean): Promise<ResumeForm> {
  const fields: Record<string, string> = {};
  const details: ErrorDetail[] = [];
  const seen = new Set<string>();
  let resumeEntry: FormDataEntryValue | undefined;

  let entries = 0;
  for (const [name, value] of form) {
    if (++entries > MAX_FORM_ENTRIES) throw new AppError("bad_request", `The form has more than ${MAX_FORM_ENTRIES} fields`);
    if (seen.has(name)) {
      details.push({ field: name, message: "Must be given once" });
      continue;
    }
    seen.add(name);
    if (name === RESUME_FIELD) {
      if (!isNoFileChosen(value)) resumeEntry = value;
    } else if (typeof value === "string") {
      fields[name] = value;
    } else {
      details.push({ field: name, message: isTextField(name) ? "Must be a text field" : "Unknown field" });
    }
  }

  let resume: AcceptedResume | undefined;
  if (resumeEntry !== undefined) {
    const checked = await checkResumeFile(resumeEntry, RESUME_FIELD);
    if (isAcceptedResume(checked)) resume = checked;
    else details.push(checked);
  }
  return { fields, resume, details };
}
