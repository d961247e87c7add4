import { envInt } from "@hireflow/config";
import { type PrismaClient } from "@hireflow/db";
import { systemContext } from "../../kernel/context.ts";
import { applicationInput, HONEYPOT_FIELD } from "./contract/application.ts";
import { type ErrorDetail, AppError, zodIssuesToDetails } from "../../kernel/errors.ts";
import { limitPerClient } from "../../kernel/rate-limit.ts";
import { openJobWhere } from "./careers.ts";
import { createCandidate } from "../candidate/create.ts";
import { type StoredResume } from "../../kernel/context.ts";
import { normalizePhone } from "../../kernel/phone.ts";

/**
 * Self-serve applications from the careers page: the only source of `candidate.applied`. Every
 * accepted request answers the same `{ status: "received" }` — a repeat application, a bot caught
 * by the honeypot and a new candidate look alike, so the form reveals nothing about who applied.
 */
export const APPLICATION_RECEIVED = { status: "received" } as const;

interface ScreeningQuestion {
  id: string;
  label?: string;
  type: "text" | "textarea" | "yes_no" | "select";
  required: boolean;
  options?: string[];
}

/** Per client IP, before the body is read (a stored resume must not be the price of a refusal). */
export async function limitApplications(ip: string): Promise<void> {
  await limitPerClient(
    `apply:ip:${ip}`,
    { max: envInt("HIREFLOW_APPLY_LIMIT_PER_IP", 20), windowMs: envInt("HIREFLOW_APPLY_WINDOW_MS", 10 * 60 * 1000) },
    "Too many applications from this address",
  );
}

function isFilled(value: unknown): boolean {
  return value !== undefined && value !== null && !(typeof value === "string" && value.trim() === "");
}

/** Answers keyed by question id, checked against the job's questions; yes/no answers become booleans. */
function checkAnswers(questions: ScreeningQuestion[], answers: Record<string, string | boolean>): { answers: Record<string, string | boolean>; errors: ErrorDetail[] } {
  const errors: ErrorDetail[] = [];
  const out: Record<string, string | boolean> = {};
  const byId = new Map(questions.map((q) => [q.id, q]));
  for (const id of Object.keys(answers)) {
    if (!byId.has(id)) errors.push({ field: `answers.${id}`, message: "Not a question of this job" });
  }
  for (const q of questions) {
    const value = answers[q.id];
    const field = `answers.${q.id}`;
    if (!isFilled(value)) {
      if (q.required) errors.push({ field, message: "Required" });
      continue;
    }
    if (q.type === "yes_no") {
      const yes = value === true || value === "yes" || value === "true";
      const no = value === false || value === "no" || value === "false";
      if (yes || no) out[q.id] = yes;
      else errors.push({ field, message: "Must be yes or no" });
    } else if (typeof value !== "string") {
      errors.push({ field, message: "Must be text" });
    } else if (q.type === "select" && !(q.options ?? []).includes(value)) {
      errors.push({ field, message: `Must be one of: ${(q.options ?? []).join(", ")}` });
    } else {
      out[q.id] = value.trim();
    }
  }
  return { answers: out, errors };
}

/**
 * The job an application goes to: active and public, else 404. Also used by the multipart
 * transport to refuse an application before its resume is stored.
 */
export async function findOpenJob(prisma: PrismaClient, jobId: number) {
  const job = await prisma.job.findFirst({
    where: { id: jobId, ...openJobWhere() },
    select: { id: true, companyId: true, screeningQuestions: true, company: { select: { defaultPhoneRegion: true, privacyPolicyUrl: true } } },
  });
  if (!job) throw AppError.notFound("Job", jobId);
  return job;
}

/**
 * Applies to a job that is active and public (404 otherwise), for the job's company. Creates the
 * candidate (self_apply, lead type applied, stage applied) and, in the same transaction, the one
 * `candidate.applied` event. `raw` is the decoded body (JSON, or multipart fields).
 */
export async function submitApplication(
  prisma: PrismaClient,
  jobId: number,
  raw: unknown,
  options: { resume?: StoredResume } = {},
): Promise<typeof APPLICATION_RECEIVED> {
  const job = await findOpenJob(prisma, jobId);
  if (raw !== null && typeof raw === "object" && isFilled((raw as Record<string, unknown>)[HONEYPOT_FIELD])) return APPLICATION_RECEIVED;

  const parsed = applicationInput.safeParse(raw ?? {});
  if (!parsed.success) throw AppError.validation(zodIssuesToDetails(parsed.error.issues));
  const input = parsed.data;
  const checked = checkAnswers((job.screeningQuestions as unknown as ScreeningQuestion[] | null) ?? [], input.answers ?? {});
  const errors = [...checked.errors];
  // candidate.applied promises an E.164 phone, so a number that does not parse is refused here.
  const phone = input.phone ? normalizePhone(input.phone, job.company.defaultPhoneRegion) : null;
  if (phone !== null && !/^\+[1-9]\d{6,14}$/.test(phone)) errors.push({ field: "phone", message: "Must be a valid phone number" });
  // With a privacy policy set, consent is required and its time is kept; without one nothing is asked.
  const consentRequired = job.company.privacyPolicyUrl !== null;
  if (consentRequired && input.privacy_consent !== true) errors.push({ field: "privacy_consent", message: "Please agree to the privacy policy" });
  if (errors.length) throw AppError.validation(errors);

  try {
    await createCandidate(
      systemContext(prisma, job.companyId),
      { job_id: job.id, name: input.name, email: input.email, phone, linkedin: input.linkedin ?? null, location: input.location ?? null, stage: "applied", self_id: input.self_id, ai_opt_out: input.ai_opt_out === true },  // the type: the job's first applied-type stage
      {
        source: "self_apply",
        leadType: "applied",
        answers: checked.answers,
        ...(consentRequired && { privacyConsentAt: new Date() }),
        ...(options.resume ? { resume: options.resume } : {}),
      },
    );
  } catch (error) {
    // The duplicate rule: the same e-mail for the same job is one candidate (and one event).
    if (error instanceof AppError && error.code === "conflict") return APPLICATION_RECEIVED;
    throw error;
  }
  return APPLICATION_RECEIVED;
}
