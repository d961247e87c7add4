/** The demo tenant. The password is a documented dev default, printed by `npm run dev`. */
export const DEMO = {
  companyName: "Acme",
  companySlug: "acme",
  phoneRegion: "DE",
  adminEmail: "admin@acme.test",
  adminPassword: "hireflow-demo",
  adminName: "Ada Admin",
  /** A second member with the role recruiter (jobs and candidates, no settings); same password. */
  recruiterEmail: "recruiter@acme.test",
  recruiterName: "Rui Recruiter",
  /** A member with the role interviewer (only the candidates they interview, scorecards); same password. */
  interviewerEmail: "interviewer@acme.test",
  interviewerName: "Ines Interviewer",
  apiKeyName: "Demo key",
} as const;

/**
 * The backend job's own pipeline (issue 23): a recruiter screen, a technical interview, an onsite and an
 * offer between applying and the hire. The other demo jobs have the default pipeline.
 */
export const DEMO_BACKEND_STAGES = [
  { key: "prospect", name: "Prospect", type: "prospect" },
  { key: "applied", name: "Applied", type: "applied" },
  { key: "recruiter_screen", name: "Recruiter screen", type: "phonescreen" },
  { key: "technical_interview", name: "Technical interview", type: "inprogress" },
  { key: "onsite", name: "Onsite", type: "inprogress" },
  { key: "offer", name: "Offer", type: "inprogress" },
  { key: "hired", name: "Hired", type: "hired" },
  { key: "rejected", name: "Rejected", type: "rejected" },
] as const;

export const DEMO_JOBS = [
  {
    key: "backend",
    input: {
      title: "Senior Backend Engineer",
      department: "Engineering",
      description:
        "Own the services behind our recruiting API: TypeScript, PostgreSQL, queues and webhooks. " +
        "You will design APIs other companies build on and keep them fast and boring.",
      locations: ["Berlin", "Remote"],
      location_type: "hybrid",
      // What job boards read (Google for Jobs' JobPosting, the Indeed feed): "Remote" is remote within Germany.
      location_details: [
        { city: "Berlin", region: "Berlin", country: "DE", postal_code: "10115" },
        { city: null, region: null, country: "DE", postal_code: null },
      ],
      employment_type: "full_time",
      salary: { min: 75_000, max: 95_000, currency: "EUR" },
      stages: DEMO_BACKEND_STAGES,
      screening_questions: [
        { id: "work_permit", label: "Are you allowed to work in the EU?", type: "yes_no", required: true },
        {
          id: "notice_period",
          label: "What is your notice period?",
          type: "select",
          required: false,
          options: ["Immediately", "1 month", "3 months"],
        },
      ],
      // The AI screening agent scores every applicant against these and advances strong ones
      // (docs/SCREENING.md); marcus-oneill.pdf from the shared fixtures meets them all.
      screening: {
        mode: "auto",
        criteria: [
          { id: "postgres", type: "skill", value: "PostgreSQL", required: true, weight: 3 },
          { id: "go", type: "skill", value: "Go", weight: 2 },
          { id: "kafka", type: "skill", value: "Kafka" },
          { id: "experience", type: "min_years", value: 5, weight: 2 },
          { id: "eu", type: "answer", question_id: "work_permit", accepted: ["yes"], required: true },
          { id: "lead", type: "text", value: "Has led a team of engineers" },
        ],
        advance: { min_score: 80, to_stage: "recruiter_screen" },
        reject_on_required_miss: false,
      },
    },
  },
  {
    key: "designer",
    input: {
      title: "Product Designer",
      department: "Design",
      description: "Shape the pipeline board, the careers pages and everything in between.",
      locations: ["Remote"],
      location_type: "remote",
      remote_countries: ["DE", "NL", "ES", "PT"],
      employment_type: "full_time",
      salary: { min: 60_000, max: 78_000, currency: "EUR" },
    },
  },
  {
    key: "coordinator",
    input: {
      title: "Recruiting Coordinator",
      department: "People",
      description: "Keep interviews on schedule. (Filled: kept for history, hidden from the careers page.)",
      locations: ["Berlin"],
      location_type: "onsite",
      is_active: false,
      is_public: false,
    },
  },
] as const;

export type DemoJobKey = (typeof DEMO_JOBS)[number]["key"];
