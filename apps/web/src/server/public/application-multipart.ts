import { applicationInput, findOpenJob, foldSelfIdFields, isSelfIdField, resumeBlobInUse, submitApplication, systemContext, AppError } from "@hireflow/core";
import { getPrisma } from "@hireflow/db";
import { readMultipartForm } from "../rest/multipart.ts";
import { discardResume, storeResume } from "../uploads/resume-file.ts";
import { readResumeForm } from "../uploads/resume-form.ts";

/** Screening answers as HTML forms name them (self-identification likewise: self_id.sex): answers[<question id>] (or answers.<question id>). */
const ANSWER_FIELD = /^answers(?:\[([^\]]+)\]|\.(.+))$/;
const TEXT_FIELDS = new Set(Object.keys(applicationInput.shape));

/**
 * The multipart variant of a public application (the careers form with a resume). The form's
 * fields go to the same submitApplication as JSON. The resume is stored only once the job is known
 * to take applications, and deleted again unless the service created a candidate that points at
 * it (a refusal, a repeat application or a honeypot hit creates none).
 */
export async function submitMultipartApplication(req: Request, jobId: number): Promise<void> {
  const prisma = getPrisma();
  const { fields, resume, details } = await readResumeForm(await readMultipartForm(req), (name) => TEXT_FIELDS.has(name) || ANSWER_FIELD.test(name) || isSelfIdField(name));
  if (details.length) throw AppError.validation(details);
  const raw = toApplication(fields);
  if (!resume) return void (await submitApplication(prisma, jobId, raw));

  const job = await findOpenJob(prisma, jobId);
  const stored = await storeResume(job.companyId, resume);
  try {
    await submitApplication(prisma, jobId, raw, { resume: stored });
  } finally {
    // If the check itself fails, keep the file: a row may point at it.
    const used = await resumeBlobInUse(systemContext(prisma, job.companyId), job.id, stored.key).catch(() => true);
    if (!used) await discardResume(stored);
  }
}

function toApplication(fields: Record<string, string>): Record<string, unknown> {
  const raw: Record<string, unknown> = {};
  const answers: Record<string, string> = {};
  for (const [name, value] of Object.entries(fields)) {
    const answer = ANSWER_FIELD.exec(name);
    if (answer) answers[answer[1] ?? answer[2]!] = value;
    else raw[name] = value;
  }
  if (Object.keys(answers).length) raw.answers = answers;
  return foldSelfIdFields(raw);
}
