import { type CriterionResult, type ScreeningCriterion } from "../contract/screening.ts";
import { type BlindMapped, blindMapped } from "./blind.ts";
import { MAX_QUOTE, quoteBlind, withoutMarks } from "./evidence.ts";
import { criteriaHash, fitScoreOf, inputHash } from "./fit.ts";
import { findSkill } from "./skills.ts";
import { type ScreeningInput, type ScreeningOutcome, type ScreeningQuestionLike } from "./types.ts";

/**
 * The local engine: deterministic, offline. It judges every criterion type except `text`, which
 * needs reading comprehension; `min_years`, `answer` and `location` are facts and are always judged
 * here, also when a language model judges the rest (model.ts).
 */

const MAX_EVIDENCE = 160;
const clip = (s: string, max = MAX_EVIDENCE) => (s.length <= max ? s : `${s.slice(0, max - 1)}…`);

/** The resume text with the person removed: the only resume text any engine sees. */
export function blindResume(input: ScreeningInput): string {
  return blindResumeMapped(input).text;
}

/**
 * The blind resume with the way back to the text as written: engines judge `text`, evidence is
 * quoted from `original` (evidence.ts), so a recruiter reads the resume's words, not "[removed]".
 */
export function blindResumeMapped(input: ScreeningInput): BlindMapped {
  const data = input.resume.data;
  const raw = input.resume.text ?? data?.text_excerpt ?? "";
  // The resume's own contact fields too: they may differ from the candidate record.
  return blindMapped(raw, [input.person, { name: data?.name, email: data?.email, phone: data?.phone, linkedin: data?.linkedin }]);
}

/** The blind text given as a string only (no way back): quotes are made from it without its marks. */
function mappedOf(blind: string | BlindMapped): BlindMapped {
  if (typeof blind !== "string") return blind;
  return { text: blind, original: blind, span: (start, end) => ({ start, end }) };
}

/** The candidate's location: the record's, else the one read from the resume. */
export function candidateLocation(input: ScreeningInput): string | null {
  return input.candidate.location?.trim() || input.resume.data?.location?.trim() || null;
}

const result = (criterion: ScreeningCriterion, met: boolean | null, evidence: string): CriterionResult => ({ ...criterion, met, evidence: clip(evidence) });

/**
 * One criterion judged by code. `blind` is what is searched; given with its way back (blindResumeMapped),
 * evidence quotes the resume as written.
 */
export function judgeLocally(criterion: ScreeningCriterion, input: ScreeningInput, blind: string | BlindMapped): CriterionResult {
  switch (criterion.type) {
    case "skill":
      return judgeSkill(criterion, input, blind);
    case "min_years":
      return judgeYears(criterion, input);
    case "location":
      return judgeLocation(criterion, input);
    case "answer":
      return judgeAnswer(criterion, input);
    case "text":
      return result(criterion, null, "Needs a language model: the local engine does not judge free-text criteria");
  }
}

function judgeSkill(criterion: ScreeningCriterion, input: ScreeningInput, blind: string | BlindMapped): CriterionResult {
  const skills = input.resume.data?.skills ?? [];
  const mapped = mappedOf(blind);
  // No resume is "could not be judged", not "does not have the skill".
  if (!mapped.text.trim() && !skills.length) return result(criterion, null, "No resume text to search");
  // Searched in the blind text; quoted from the original (a string-only blind text: without its marks).
  const quote =
    typeof blind === "string"
      ? (index: number, length: number) => {
          const q = quoteBlind(mapped, index, index + length);
          return { evidence: withoutMarks(q.evidence), match: q.match };
        }
      : (index: number, length: number) => quoteBlind(mapped, index, index + length);
  const { met, evidence, match } = findSkill(String(criterion.value ?? ""), { skills, text: mapped.text, quote });
  // A quote is cut to MAX_QUOTE by evidence.ts, on word boundaries.
  return { ...criterion, met, evidence: clip(evidence, MAX_QUOTE), ...(match != null && { match }) };
}

function judgeYears(criterion: ScreeningCriterion, input: ScreeningInput): CriterionResult {
  const wanted = Number(criterion.value);
  if (!Number.isFinite(wanted)) return result(criterion, null, "The criterion has no number of years");
  const years = input.resume.data?.total_experience_years;
  if (years == null) return result(criterion, null, input.resume.data ? "The resume has no dated experience" : "No resume data");
  return result(criterion, years >= wanted, `${years} years of dated experience (at least ${wanted} wanted)`);
}

// --- location ---------------------------------------------------------------------------------

const PLACE_ALIASES: Array<[RegExp, string]> = [
  [/\b(?:united kingdom|great britain|gb)\b/g, "uk"],
  [/\b(?:united states of america|united states|usa)\b/g, "us"],
  [/\b(?:new york city|nyc)\b/g, "new york"],
];
const ANYWHERE = /^(?:remote|anywhere|worldwide)\b/;

function normalisePlace(s: string): string {
  let t = s
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/\([^)]*\)/g, " ") // "London (HQ)"
    .replace(/\b(?:u\.s\.a\.|u\.s\.|u\.k\.)/g, (m) => m.replace(/\./g, ""))
    .replace(/[^\p{L}\p{N},]+/gu, " ");
  for (const [pattern, to] of PLACE_ALIASES) t = t.replace(pattern, to);
  return t.replace(/\s+/g, " ").replace(/\s*,\s*/g, ", ").trim();
}

/** "London" matches "London, United Kingdom"; "Germany" matches "Berlin, Germany". */
function placeMatches(candidate: string, jobLocation: string): boolean {
  const city = normalisePlace(jobLocation).split(",")[0]!.trim();
  if (!city) return false;
  return new RegExp(`(?:^|[ ,])${city.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?:$|[ ,])`).test(normalisePlace(candidate));
}

function judgeLocation(criterion: ScreeningCriterion, input: ScreeningInput): CriterionResult {
  const { locations, locationType } = input.job;
  if (locationType === "remote") return result(criterion, true, "Remote job: open to every location");
  const anywhere = locations.find((l) => ANYWHERE.test(normalisePlace(l)));
  if (anywhere) return result(criterion, true, `The job lists "${anywhere}"`);
  if (!locations.length) return result(criterion, null, "The job lists no location");
  const where = candidateLocation(input);
  if (!where) return result(criterion, null, "The candidate's location is unknown");
  const hit = locations.find((l) => placeMatches(where, l));
  return hit
    ? result(criterion, true, `Located in "${where}"; the job is in ${hit}`)
    : result(criterion, false, `Located in "${where}"; the job is in ${locations.join(" / ")} (${locationType})`);
}

// --- answer -----------------------------------------------------------------------------------

const YES = new Set(["yes", "y", "true"]);
const NO = new Set(["no", "n", "false"]);

/** An answer as comparable strings: yes_no answers become "yes"/"no", whether sent as booleans or text. */
function answerValues(raw: unknown, type: ScreeningQuestionLike["type"]): string[] {
  if (Array.isArray(raw)) return raw.flatMap((v) => answerValues(v, type));
  if (raw === null || raw === undefined) return [];
  if (typeof raw === "boolean") return [type === "yes_no" ? (raw ? "yes" : "no") : String(raw)];
  if (typeof raw !== "string" && typeof raw !== "number") return [];
  const text = String(raw).normalize("NFC").trim().replace(/\s+/g, " ").toLowerCase();
  if (!text) return [];
  if (type === "yes_no") return [YES.has(text) ? "yes" : NO.has(text) ? "no" : text];
  return [text];
}

function judgeAnswer(criterion: ScreeningCriterion, input: ScreeningInput): CriterionResult {
  const question = input.job.questions.find((q) => q.id === criterion.question_id);
  if (!question) return result(criterion, null, `The job does not ask question "${criterion.question_id ?? ""}"`);
  const answers = input.candidate.answers;
  // Null answers: the candidate never saw the questions (e.g. added by a recruiter), so silence
  // here says nothing. An application without this answer did see it: not saying yes is a no.
  if (answers === null) return result(criterion, null, "The candidate was not asked the job's questions");
  const label = clip(question.label, 80);
  const raw = Object.prototype.hasOwnProperty.call(answers, question.id) ? answers[question.id] : undefined;
  const given = answerValues(raw, question.type);
  if (!given.length) return result(criterion, false, `No answer to "${label}"`);
  const accepted = new Set((criterion.accepted ?? []).flatMap((a) => answerValues(a, question.type)));
  const met = given.some((g) => accepted.has(g));
  // Compared as given; quoted as the candidate wrote it (a person reads evidence; no engine does).
  const shown = clip((Array.isArray(raw) ? raw.map(String).join(", ") : typeof raw === "boolean" ? given[0]! : String(raw)).replace(/\s+/g, " ").trim(), 60);
  return result(criterion, met, `Answered "${shown}" to "${label}"`);
}

// --- outcome ----------------------------------------------------------------------------------

export function outcomeOf(
  input: ScreeningInput,
  blind: string | BlindMapped,
  criteria: CriterionResult[],
  engine: ScreeningOutcome["engine"],
  model: string | null,
): ScreeningOutcome {
  return {
    fitScore: fitScoreOf(criteria),
    criteria,
    engine,
    model,
    criteriaHash: criteriaHash(input.criteria),
    inputHash: inputHash(mappedOf(blind).text, input.candidate.answers, candidateLocation(input)),
    blindText: mappedOf(blind).text,
  };
}

export function scoreLocally(input: ScreeningInput): ScreeningOutcome {
  const blind = blindResumeMapped(input);
  return outcomeOf(
    input,
    blind,
    input.criteria.map((c) => judgeLocally(c, input, blind)),
    "local",
    null,
  );
}
