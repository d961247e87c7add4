import {
  ALAN,
  ALAN_ID,
  CANDIDATE_ID,
  candidate,
  candidateDetail,
  DELIVERY_ID,
  delivery,
  ENDPOINT_ID,
  EVENT_ID,
  endpoint,
  EXPLANATION_SUMMARY,
  GRACE,
  INTERVIEW_ID,
  interview,
  JOB_ID,
  job,
  page,
  SECRET,
  scorecard,
  screeningExplanation,
  T0,
  T1,
} from "./entities.ts";
import { WEBHOOK_EXAMPLES } from "./webhooks.ts";
import { OFFER_OPERATION_EXAMPLES } from "./offers.ts";
import { SCHEDULING_OPERATION_EXAMPLES } from "./scheduling.ts";

const event = { id: EVENT_ID, type: "candidate.stage_changed", occurred_at: T1, payload: WEBHOOK_EXAMPLES["candidate.stage_changed"] };

export type QueryValue = string | number | boolean;

export interface OperationExample {
  /** Values of the path parameters. */
  path?: Record<string, string | number>;
  /** Query parameters the samples pass (list filters). */
  query?: Record<string, QueryValue>;
  /** The JSON request body (POST/PATCH). */
  request?: Record<string, unknown>;
  /** The 2xx response body (undefined for a 204). */
  response: unknown;
}

/** By operationId. Every operation of the document has one (the test checks). */
export const OPERATION_EXAMPLES: Record<string, OperationExample> = {
  "me-get": {
    response: {
      data: {
        company: { id: 1, name: "Acme Inc." },
        api_key: { id: 5, name: "ATS sync", prefix: "hf_live_7Fq2", scopes: ["candidates:read", "candidates:write", "webhooks:read"], created_at: "2026-11-01T10:00:00.000Z" },
      },
    },
  },
  "candidates-create": {
    request: { job_id: JOB_ID, name: "Ada Lovelace", email: "ada@example.com", phone: "+44 20 7183 8750", linkedin: "https://www.linkedin.com/in/ada-lovelace", location: "London, UK", notes: "Referred by Grace Hopper", self_id: { sex: "female", race_ethnicity: "decline" } },
    response: { data: { ...candidateDetail, rating: null, fit_score: null, updated_at: T0, resume_url: null, resume_data: null, resume_status: null, fit: { status: "pending", engine: null, scored_at: null, criteria: [], judged: 0, total: 0 } } },
  },
  "candidates-list": {
    query: { job_id: JOB_ID, stage: "applied,recruiter_screen", limit: 50 },
    response: page([candidate], "eyJ2IjoxLCJpZCI6NDJ9"),
  },
  "candidates-get": { path: { id: CANDIDATE_ID }, response: { data: candidateDetail } },
  "candidates-update": {
    path: { id: CANDIDATE_ID },
    request: { stage: "technical_interview", rating: 4 },
    response: {
      data: { ...candidateDetail, stage: "technical_interview", stage_type: "inprogress", stage_name: "Technical interview", rating: 4, updated_at: "2026-11-22T14:05:00.000Z" },
    },
  },
  "candidates-addNote": {
    path: { id: CANDIDATE_ID },
    request: { note: "Strong Kubernetes background; schedule a phone screen." },
    response: {
      data: {
        id: 311,
        candidate_id: CANDIDATE_ID,
        type: "note_added",
        note: "Strong Kubernetes background; schedule a phone screen.",
        note_preview: "Strong Kubernetes background; schedule a phone screen.",
        performer_id: null,
        added_by: "api",
        created_at: "2026-11-22T14:06:00.000Z",
      },
    },
  },
  "candidates-delete": { path: { id: CANDIDATE_ID }, response: undefined },
  "candidates-screeningExplanation": { path: { id: CANDIDATE_ID }, response: { data: screeningExplanation } },
  "candidates-sendScreeningExplanation": {
    path: { id: CANDIDATE_ID },
    response: {
      data: {
        candidate_id: CANDIDATE_ID,
        email_message_id: 5120,
        status: "queued",
        to: "ada@example.com",
        subject: "How your application for Platform Engineer at Acme Inc. was assessed",
        explanation: screeningExplanation,
      },
    },
  },
  "candidates-export": {
    path: { id: CANDIDATE_ID },
    response: {
      data: {
        exported_at: "2026-11-22T15:00:00.000Z",
        candidate: candidateDetail,
        application: {
          lead_type: "sourced",
          source: "public_api",
          source_label: "API",
          privacy_consent_at: null,
          ai_opt_out: false,
          answers: [{ question_id: "work_permit", question: "Are you allowed to work in the EU?", answer: true }],
        },
        self_identification: { sex: "female", race_ethnicity: "decline", created_at: T0 },
        resume: { filename: "ada-lovelace-cv.pdf", content_type: "application/pdf", size: 84213, extracted_text: "Ada Lovelace\nPlatform engineer with 8 years of experience running Kubernetes at scale…" },
        activities: [
          { id: 310, type: "stage_changed", note: null, data: { previous_stage: "prospect", new_stage: "applied" }, added_by: "api", performer_id: null, created_at: T0 },
          { id: 311, type: "note_added", note: "Strong Kubernetes background; schedule a phone screen.", data: null, added_by: "api", performer_id: null, created_at: "2026-11-22T14:06:00.000Z" },
        ],
        scorecards: [
          {
            id: scorecard.id,
            interview: { id: INTERVIEW_ID, title: "Technical interview", start_at: "2026-10-25T09:00:00.000Z", end_at: "2026-10-25T10:00:00.000Z", status: "scheduled" },
            interviewer: { id: GRACE.id, name: GRACE.name },
            ratings: scorecard.ratings,
            recommendation: scorecard.recommendation,
            notes: scorecard.notes,
            submitted_at: scorecard.submitted_at,
            updated_at: scorecard.updated_at,
          },
        ],
        screening_runs: [
          { id: 57, trigger: "created", status: "completed", engine: "local", model: null, fit_score: 80, criteria: candidateDetail.fit.criteria, action: null, created_at: "2026-11-21T09:30:05.002Z" },
        ],
        offers: [],
        screening_explanation: { ...screeningExplanation, summary: EXPLANATION_SUMMARY, rejected: false, rejected_by: null, rejected_at: null },
      },
    },
  },
  "jobs-list": { query: { is_active: true, limit: 25 }, response: page([job], null) },
  "jobs-get": { path: { id: JOB_ID }, response: { data: job } },
  "jobs-create": {
    request: {
      title: "Platform Engineer",
      department: "Engineering",
      description: "Own the platform our product teams build on: CI, deploys, observability.",
      locations: ["Berlin", "Remote (EU)"],
      location_type: "hybrid",
      location_details: [
        { city: "Berlin", region: "Berlin", country: "DE", postal_code: "10115" },
        { country: "DE" },
      ],
      employment_type: "full_time",
      closes_at: "2027-01-31T23:59:59Z",
      salary: { min: 70000, max: 90000, currency: "EUR" },
      screening: { mode: "score", criteria: [{ type: "skill", value: "Kubernetes", required: true, weight: 3 }, { type: "min_years", value: 5 }] },
      hiring_team_lead_ids: [ALAN_ID],
    },
    response: { data: { ...job, screening_questions: [], updated_at: job.created_at } },
  },
  "jobs-update": {
    path: { id: JOB_ID },
    // The pipeline without "Offer", whose candidates move to "Onsite"; the rest as it was.
    request: { salary: { max: 95000 }, closes_at: null, stages: job.stages.filter((stage) => stage.key !== "offer"), stage_moves: { offer: "onsite" } },
    response: { data: { ...job, salary: { ...job.salary, max: 95000 }, closes_at: null, stages: job.stages.filter((stage) => stage.key !== "offer"), updated_at: "2026-11-22T14:10:00.000Z" } },
  },
  "jobs-rescore": { path: { id: JOB_ID }, response: { data: { job_id: JOB_ID, requested_at: "2026-11-22T14:11:00.000Z", candidates: 18 } } },
  "webhookEndpoints-create": {
    request: { url: "https://example.com/hireflow/webhooks", events: ["candidate.applied", "candidate.stage_changed"], description: "ATS sync" },
    response: { data: { ...endpoint, secret: SECRET } },
  },
  "webhookEndpoints-list": { query: { limit: 25 }, response: page([endpoint], null) },
  "webhookEndpoints-get": { path: { id: ENDPOINT_ID }, response: { data: endpoint } },
  "webhookEndpoints-update": {
    path: { id: ENDPOINT_ID },
    request: { events: ["candidate.stage_changed"], enabled: true },
    response: { data: { ...endpoint, events: ["candidate.stage_changed"], updated_at: T1 } },
  },
  "webhookEndpoints-delete": { path: { id: ENDPOINT_ID }, response: { data: { id: ENDPOINT_ID, deleted: true } } },
  "webhookEndpoints-rotateSecret": {
    path: { id: ENDPOINT_ID },
    request: { expire_previous_in_seconds: 3600 },
    response: { data: { ...endpoint, secret: "whsec_q0m1uY4bqZ8oJ2S0cE6PzYV3y3dQ3iQ9qG2Jm4v2h1A=", previous_secret_expires_at: "2026-11-21T10:42:17.000Z", updated_at: T1 } },
  },
  "webhookEndpoints-test": {
    path: { id: ENDPOINT_ID },
    response: { data: { event_id: "5d0f7a2c-1b7e-4f0e-8d7b-0c9a3e2f6b14", event: "webhook.test", webhook_endpoint_id: ENDPOINT_ID } },
  },
  "webhookEndpoints-listDeliveries": { path: { id: ENDPOINT_ID }, query: { status: "failed", limit: 25 }, response: page([{ ...delivery, status: "failed", attempt_count: 8, last_status_code: 500, response_excerpt: "Internal Server Error" }], null) },
  "webhookEndpoints-redeliver": {
    path: { id: DELIVERY_ID },
    response: { data: { ...delivery, status: "pending", next_attempt_at: "2026-11-22T14:12:00.000Z", updated_at: "2026-11-22T14:12:00.000Z" } },
  },
  "rejectReasons-list": {
    response: {
      data: [
        { id: 1, name: "Not a fit for the role", archived: false },
        { id: 2, name: "Withdrew", archived: false },
        { id: 3, name: "Position filled", archived: false },
        { id: 9, name: "Relocation not possible", archived: true },
      ],
    },
  },
  "reports-interviewsPerStage": {
    query: { job_id: JOB_ID, from: "2026-10-01", to: "2026-10-31", tz: "Europe/Berlin" },
    response: {
      data: {
        range: { from: "2026-10-01", to: "2026-10-31", tz: "Europe/Berlin", job_id: JOB_ID },
        by: "job_stage",
        totals: { scheduled: 4, completed: 11, canceled: 2 },
        stages: [
          { stage: "applied", name: "Applied", type: "applied", scheduled: 0, completed: 0, canceled: 0 },
          { stage: "phonescreen", name: "Phone screen", type: "phonescreen", scheduled: 1, completed: 6, canceled: 1 },
          { stage: "technical_interview", name: "Technical interview", type: "inprogress", scheduled: 3, completed: 5, canceled: 1 },
          { stage: "hired", name: "Hired", type: "hired", scheduled: 0, completed: 0, canceled: 0 },
          { stage: "rejected", name: "Rejected", type: "rejected", scheduled: 0, completed: 0, canceled: 0 },
        ],
      },
    },
  },
  "reports-timeToFirstInterview": {
    query: { from: "2026-10-01", to: "2026-10-31" },
    response: {
      data: {
        range: { from: "2026-10-01", to: "2026-10-31", tz: "UTC", job_id: null },
        overall: { candidates: 42, interviewed: 17, median_days: 6.5, p75_days: 9.12, p90_days: 14.3 },
        jobs: [
          { job_id: JOB_ID, title: "Platform Engineer", candidates: 30, interviewed: 12, median_days: 5.75, p75_days: 8, p90_days: 12.6 },
          { job_id: 9, title: "Product Designer", candidates: 12, interviewed: 5, median_days: 8.2, p75_days: 11.5, p90_days: 15.4 },
        ],
      },
    },
  },
  "reports-overdueScorecards": {
    query: { hours: 48 },
    response: {
      data: {
        range: { from: "2026-08-03", to: "2026-10-31", tz: "UTC", job_id: null },
        hours: 48,
        total: 1,
        interviewers: [{ id: GRACE.id, name: GRACE.name, email: GRACE.email, overdue: 1, oldest_hours_overdue: 71.5 }],
        scorecards: [
          {
            interview: { id: INTERVIEW_ID, title: "Technical interview", start_at: "2026-10-28T09:00:00.000Z", end_at: "2026-10-28T10:00:00.000Z" },
            candidate: { id: CANDIDATE_ID, name: "Ada Lovelace" },
            job: { id: JOB_ID, title: "Platform Engineer" },
            interviewer: { id: GRACE.id, name: GRACE.name, email: GRACE.email },
            hours_overdue: 71.5,
          },
        ],
      },
    },
  },
  "reports-offers": {
    query: { from: "2026-07-01", to: "2026-09-30", tz: "Europe/Berlin" },
    response: {
      data: {
        range: { from: "2026-07-01", to: "2026-09-30", tz: "Europe/Berlin", job_id: null },
        overall: { sent: 14, accepted: 9, declined: 2, expired: 1, withdrawn: 1, open: 1, acceptance_rate: 0.75, hires: 10, median_days: 31.5, p75_days: 38.25, p90_days: 47.1 },
        jobs: [
          { job_id: JOB_ID, title: "Platform Engineer", sent: 9, accepted: 6, declined: 1, expired: 1, withdrawn: 0, open: 1, acceptance_rate: 0.75, hires: 7, median_days: 29, p75_days: 36.5, p90_days: 44.2 },
          { job_id: 9, title: "Product Designer", sent: 5, accepted: 3, declined: 1, expired: 0, withdrawn: 1, open: 0, acceptance_rate: 0.75, hires: 3, median_days: 35.75, p75_days: 41, p90_days: 49.2 },
        ],
      },
    },
  },
  "reports-impactRatios": {
    query: { job_id: JOB_ID, from: "2026-01-01", to: "2026-12-31", mode: "scoring" },
    response: {
      data: {
        mode: "scoring",
        job_id: JOB_ID,
        from: "2026-01-01",
        to: "2026-12-31",
        selected_stage_type: null,
        sample_size: 2000,
        opted_out: 12,
        median_score: 61,
        unknown: { sex: 12, race_ethnicity: 40 },
        engines: [{ engine: "local", model: null }],
        criteria_hash: "9f2c4c1d0a6b5e8f7d3c2b1a0e9d8c7b6a5f4e3d2c1b0a9f8e7d6c5b4a3f2e1d",
        tables: {
          sex: [
            { sex: "female", n: 1000, rate: 0.543, impact_ratio: 1, excluded_small: false },
            { sex: "male", n: 988, rate: 0.447, impact_ratio: 0.823, excluded_small: false },
          ],
          race_ethnicity: [
            { race_ethnicity: "white", n: 1200, rate: 0.5, impact_ratio: 1, excluded_small: false },
            { race_ethnicity: "asian", n: 30, rate: 0.4, impact_ratio: 0.8, excluded_small: true },
          ],
          intersectional: [{ sex: "female", race_ethnicity: "white", n: 600, rate: 0.52, impact_ratio: 1, excluded_small: false }],
        },
      },
    },
  },
  "events-list": { query: { type: "candidate.stage_changed", candidate_id: CANDIDATE_ID }, response: page([event], null) },
  "events-get": { path: { id: EVENT_ID }, response: { data: event } },
  "users-list": { query: { limit: 25 }, response: page([GRACE, ALAN], null) },
  "interviews-list": {
    query: { candidate_id: CANDIDATE_ID, from: "2026-10-01T00:00:00Z" },
    response: page([interview], null),
  },
  "interviews-get": { path: { id: INTERVIEW_ID }, response: { data: { ...interview, conflicts: [] } } },
  "interviews-create": {
    request: {
      candidate_id: CANDIDATE_ID,
      interview_id: 12,
      start_at: "2026-10-25T10:00:00+01:00",
      time_zone: "Europe/Berlin",
      video_url: "https://meet.example.com/abc-defg-hij",
      interviewer_ids: [GRACE.id, ALAN.id],
      notify_candidate: true,
    },
    response: {
      data: { ...interview, conflicts: [{ interviewer_id: ALAN.id, interview_id: 298, start_at: "2026-10-25T09:30:00.000Z", end_at: "2026-10-25T10:30:00.000Z" }] },
    },
  },
  "interviews-update": {
    path: { id: INTERVIEW_ID },
    request: { start_at: "2026-10-25T14:00:00+01:00", end_at: "2026-10-25T15:00:00+01:00" },
    response: { data: { ...interview, start_at: "2026-10-25T13:00:00.000Z", end_at: "2026-10-25T14:00:00.000Z", sequence: 1, updated_at: "2026-10-21T11:02:00.000Z", conflicts: [] } },
  },
  "scorecards-listForCandidate": {
    path: { id: CANDIDATE_ID },
    response: {
      data: {
        scorecards: [scorecard],
        summary: {
          attributes: [
            { attribute: "System design", ratings: { strong_no: 0, no: 0, yes: 0, strong_yes: 1, not_assessed: 0 } },
            { attribute: "Communication", ratings: { strong_no: 0, no: 0, yes: 1, strong_yes: 0, not_assessed: 0 } },
          ],
          recommendations: { strong_no: 0, no: 0, yes: 1, strong_yes: 0 },
        },
        hidden_count: 0,
      },
    },
  },
  "scorecards-get": { path: { id: 57 }, response: { data: scorecard } },
  "scorecards-submit": {
    path: { id: INTERVIEW_ID },
    request: {
      ratings: [
        { attribute: "System design", rating: "strong_yes" },
        { attribute: "Communication", rating: "yes" },
      ],
      recommendation: "yes",
      notes: scorecard.notes,
      on_behalf_of: GRACE.id,
    },
    response: { data: scorecard },
  },
  "interviews-cancel": {
    path: { id: INTERVIEW_ID },
    response: { data: { ...interview, status: "canceled", sequence: 2, canceled_at: "2026-10-22T09:00:00.000Z", updated_at: "2026-10-22T09:00:00.000Z", conflicts: [] } },
  },
  ...OFFER_OPERATION_EXAMPLES,
  ...SCHEDULING_OPERATION_EXAMPLES,
};
