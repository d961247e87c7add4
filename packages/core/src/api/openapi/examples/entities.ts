/**
 * The shared example entities of the API reference (examples.ts): one job, one candidate, one webhook
 * endpoint and delivery, one interview and scorecard, and the people on them. The webhook bodies
 * (webhooks.ts) and the operation examples (operations.ts) are built from these.
 */

export const T0 = "2026-11-21T09:30:00.000Z";
export const T1 = "2026-11-21T09:42:17.512Z";
export const ORIGIN = "https://hireflow.example.com";

export const CANDIDATE_ID = 42;
export const JOB_ID = 7;
export const ENDPOINT_ID = 3;
export const DELIVERY_ID = 1187;
export const EVENT_ID = "0b6f3c1e-8f3a-4e53-9a55-2f7c7f1b9a10";
/** Alan Turing, a recruiter (ALAN below): the example job's hiring team lead. */
export const ALAN_ID = "8f2d1c4b-6a5e-4f3d-8c2b-1a0e9d8c7b6a";

export const job = {
  id: JOB_ID,
  title: "Platform Engineer",
  description: "Own the platform our product teams build on: CI, deploys, observability.",
  department_id: 2,
  is_active: true,
  is_public: true,
  locations: ["Berlin", "Remote (EU)"],
  location_type: "hybrid",
  location_details: [
    { city: "Berlin", region: "Berlin", country: "DE", postal_code: "10115" },
    { city: null, region: null, country: "DE", postal_code: null },
  ],
  remote_countries: [],
  employment_type: "full_time",
  closes_at: "2027-01-31T23:59:59.000Z",
  salary: { min: 70000, max: 90000, currency: "EUR" },
  apply_url: `${ORIGIN}/careers/acme/jobs/${JOB_ID}`,
  screening_questions: [{ id: "work_permit", label: "Are you allowed to work in the EU?", type: "yes_no", required: true }],
  screening: {
    mode: "score",
    criteria: [
      { id: "skill-kubernetes", type: "skill", value: "Kubernetes", question_id: null, accepted: null, required: true, weight: 3 },
      { id: "min-years-5", type: "min_years", value: 5, question_id: null, accepted: null, required: false, weight: 2 },
    ],
    advance: null,
    reject_on_required_miss: false,
  },
  screening_notice_at: "2026-11-21T09:00:00.000Z",
  // The job's own pipeline (a customised one; every job starts with the six default stages, key = type).
  stages: [
    { key: "prospect", name: "Prospect", type: "prospect" },
    { key: "applied", name: "Applied", type: "applied" },
    { key: "recruiter_screen", name: "Recruiter screen", type: "phonescreen" },
    {
      key: "technical_interview",
      name: "Technical interview",
      type: "inprogress",
      interviews: [
        {
          id: 12,
          name: "Technical interview",
          duration_minutes: 60,
          instructions: "Pair on a small service; leave 10 minutes for their questions.",
          attributes: ["System design", "Code quality", "Communication"],
          questions: ["How would you roll back a bad deploy?"],
        },
      ],
    },
    { key: "onsite", name: "Onsite", type: "inprogress" },
    { key: "offer", name: "Offer", type: "inprogress" },
    { key: "hired", name: "Hired", type: "hired" },
    { key: "rejected", name: "Rejected", type: "rejected" },
  ],
  hiring_team_lead_ids: [ALAN_ID],
  created_at: "2026-11-02T08:00:00.000Z",
  updated_at: "2026-11-15T16:20:00.000Z",
};

export const candidate = {
  id: CANDIDATE_ID,
  public_id: "cand_3f1c2b9a7d5e4c1fa0b2c3d4e5f60718",
  name: "Ada Lovelace",
  email: "ada@example.com",
  phone: "+442071838750",
  linkedin: "https://www.linkedin.com/in/ada-lovelace",
  location: "London, UK",
  stage: "applied",
  stage_type: "applied",
  stage_name: "Applied",
  rating: null,
  fit_score: 80,
  application_source: "public_api",
  ats_candidate_id: null,
  job: { id: JOB_ID, title: "Platform Engineer" },
  reject_reason: null,
  rejected_at: null,
  hired_at: null,
  created_at: T0,
  updated_at: T1,
};

export const candidateDetail = {
  ...candidate,
  applied_at: T0,
  resume_url: `${ORIGIN}/api/files/resumes/42?expires=1795340400&signature=3q2-7w`,
  resume_data: {
    name: "Ada Lovelace",
    email: "ada@example.com",
    phone: "+442071838750",
    location: "London, UK",
    linkedin: "https://www.linkedin.com/in/ada-lovelace",
    skills: ["Kubernetes", "Go", "PostgreSQL"],
    text_excerpt: "Platform engineer with 8 years of experience running Kubernetes at scale…",
    parser: "pdf",
    parsed_at: "2026-11-21T09:30:04.211Z",
  },
  resume_status: "completed",
  fit: {
    status: "completed",
    engine: "local",
    scored_at: "2026-11-21T09:30:05.002Z",
    criteria: [
      { ...job.screening.criteria[0]!, met: true, evidence: "SKILLS: Kubernetes, Go, PostgreSQL", match: "Go" },
      { ...job.screening.criteria[1]!, met: null, evidence: "The resume does not say how many years", match: null },
    ],
    judged: 1,
    total: 2,
  },
  ai_opt_out: false,
};

export const EXPLANATION_SUMMARY =
  "An automated screening tool assessed your application for Platform Engineer on 2026-11-21 against 2 qualifications: 1 met, 0 not met, and 1 it could not judge from your application. Its score was 80 out of 100. No automatic step depended on the score.";
export const screeningExplanation = {
  candidate_id: CANDIDATE_ID,
  status: "judged",
  tool_used: true,
  summary: `${EXPLANATION_SUMMARY} The decision to decline your application was made by a person on Acme Inc.'s hiring team, who could see the tool's assessment.`,
  engine: "local",
  assessed_at: "2026-11-21T09:30:05.002Z",
  criteria_hash: "9f2c4b7e1d8a6f3c5e0b2d4a7c9e1f3b5d7a9c2e4f6b8d0a1c3e5f7b9d2a4c6e",
  criteria: [
    { id: "skill-kubernetes", type: "skill", qualification: "Experience with Kubernetes (required)", required: true, result: "met", evidence: "SKILLS: Kubernetes, Go, PostgreSQL" },
    { id: "min-years-5", type: "min_years", qualification: "At least 5 years of work experience", required: false, result: "unknown", evidence: "The resume does not say how many years" },
  ],
  score: 80,
  threshold: null,
  threshold_basis: "decision",
  agent_action: null,
  rejected: true,
  rejected_by: "person",
  rejected_at: "2026-11-23T11:00:00.000Z",
  human_review: {
    contact: "jobs@acme.example",
    how: "To ask that a person at Acme Inc. reviews the decision (or for an alternative process or an accommodation), contact jobs@acme.example.",
  },
  text: "About your application for Platform Engineer at Acme Inc.\n\nAn automated screening tool assessed your application…\n\nWhat the tool judged:\n- Experience with Kubernetes (required): met. SKILLS: Kubernetes, Go, PostgreSQL\n- At least 5 years of work experience: could not be judged. The resume does not say how many years\n\nTo ask that a person at Acme Inc. reviews the decision…",
};

export const endpoint = {
  id: ENDPOINT_ID,
  url: "https://example.com/hireflow/webhooks",
  description: "ATS sync",
  events: ["candidate.applied", "candidate.stage_changed"],
  enabled: true,
  include_scorecard_notes: false,
  disabled_reason: null,
  disabled_at: null,
  previous_secret_expires_at: null,
  created_at: T0,
  updated_at: T0,
};
export const SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw8nBqbM4nCmY=";

export const delivery = {
  id: DELIVERY_ID,
  event_id: EVENT_ID,
  event_type: "candidate.stage_changed",
  webhook_endpoint_id: ENDPOINT_ID,
  status: "succeeded",
  attempt_count: 2,
  attempts: [
    { attempt: 1, at: T0, status_code: 503, error: null, response_ms: 120 },
    { attempt: 2, at: "2026-11-21T09:30:05.000Z", status_code: 200, error: null, response_ms: 87 },
  ],
  last_status_code: 200,
  last_error: null,
  last_response_ms: 87,
  response_excerpt: "ok",
  next_attempt_at: null,
  last_attempt_at: "2026-11-21T09:30:05.000Z",
  created_at: T0,
  updated_at: "2026-11-21T09:30:05.000Z",
};

export const page = (data: unknown[], next: string | null) => ({ data, pagination: { next_cursor: next, has_more: next !== null } });

export const INTERVIEW_ID = 311;
export const GRACE = { id: "5b0c3f6e-3c2d-4a8e-9d3e-4c1e2f7a9b10", name: "Grace Hopper", email: "grace@acme.example", role: "admin" } as const;
export const ALAN = { id: ALAN_ID, name: "Alan Turing", email: "alan@acme.example", role: "recruiter" } as const;

// On the last Sunday of October: Berlin leaves summer time at 03:00, so 10:00 local is 09:00 UTC.
export const interview = {
  id: INTERVIEW_ID,
  candidate_id: CANDIDATE_ID,
  interview_id: 12,
  title: "Technical interview",
  start_at: "2026-10-25T09:00:00.000Z",
  end_at: "2026-10-25T10:00:00.000Z",
  time_zone: "Europe/Berlin",
  location: null,
  video_url: "https://meet.example.com/abc-defg-hij",
  interviewers: [
    { id: GRACE.id, name: GRACE.name, email: GRACE.email },
    { id: ALAN.id, name: ALAN.name, email: ALAN.email },
  ],
  notify_candidate: true,
  status: "scheduled",
  scheduled_by: "member",
  sequence: 0,
  canceled_at: null,
  created_at: "2026-10-20T08:15:00.000Z",
  updated_at: "2026-10-20T08:15:00.000Z",
} as const;

export const scorecard = {
  id: 57,
  interview_id: INTERVIEW_ID,
  interview_title: "Technical interview",
  candidate_id: CANDIDATE_ID,
  interviewer: { id: GRACE.id, name: GRACE.name, email: GRACE.email },
  ratings: [
    { attribute: "System design", rating: "strong_yes" },
    { attribute: "Communication", rating: "yes" },
  ],
  recommendation: "yes",
  notes: "Clear trade-offs on the cache design; would pair well with the platform team.",
  submitted_at: "2026-10-25T10:20:00.000Z",
  updated_at: "2026-10-25T10:20:00.000Z",
} as const;

export const interviewCandidate = { id: CANDIDATE_ID, public_id: "cand_3f1c2b9a7d5e4c1fa0b2c3d4e5f60718", name: "Ada Lovelace", email: "ada@example.com", url: `${ORIGIN}/candidates/${CANDIDATE_ID}` };
