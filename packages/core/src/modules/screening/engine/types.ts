import { type LOCATION_TYPES, type ScreeningQuestion } from "../contract/questions.ts";
import { type CriterionResult, type ScreeningCriterion } from "../contract/screening.ts";

/**
 * The part of a resume extraction (packages/worker `ResumeFields`) that screening reads. Declared
 * structurally here because core must not import from jobs: an extraction object is assignable as is.
 */
export interface ResumeDataLike {
  skills?: readonly string[] | null;
  /** Years covered by the dated experience; `min_years` reads it. */
  total_experience_years?: number | null;
  /** Where the resume says the candidate lives; used when the candidate record has no location. */
  location?: string | null;
  /** Used as the text when the full text is missing. */
  text_excerpt?: string | null;
  // The resume's own contact fields are read for one purpose only: to remove them from the text
  // (they may differ from the candidate record, e.g. another e-mail). They are never sent anywhere.
  name?: string | null;
  email?: string | null;
  phone?: string | null;
  linkedin?: string | null;
}

/** Who the text must not reveal: every field is removed from what an engine sees. */
export interface ScreeningPerson {
  name: string | null;
  email: string | null;
  phone: string | null;
  linkedin: string | null;
}

export type ScreeningQuestionLike = Pick<ScreeningQuestion, "id" | "label" | "type" | "required" | "options">;

/** Everything one screening needs, and nothing more about the person (no source, notes, other candidates). */
export interface ScreeningInput {
  criteria: ScreeningCriterion[];
  resume: { text: string | null; data: ResumeDataLike | null };
  candidate: {
    location: string | null;
    /** Answers to the job's screening questions by question id; null when the candidate was never asked (e.g. added by a recruiter). */
    answers: Record<string, unknown> | null;
  };
  job: { locations: string[]; locationType: (typeof LOCATION_TYPES)[number]; questions: ScreeningQuestionLike[] };
  person: ScreeningPerson;
}

export interface ScreeningOutcome {
  /** 0–100, or null when no criterion could be judged. */
  fitScore: number | null;
  /** One result per criterion, in the order of the criteria. */
  criteria: CriterionResult[];
  /** "model" when a language model judged at least one criterion. */
  engine: "local" | "model";
  model: string | null;
  /** SHA-256 of the criteria: with `inputHash`, tells whether a stored score is still current. */
  criteriaHash: string;
  inputHash: string;
  /** The text the engine saw (contact details removed), for audit. */
  blindText: string;
}
