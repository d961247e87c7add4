/** The demo tenant. The password is a documented dev default, printed by `npm run dev`. */
export const DEMO = {
  companyName: "Acme",
  companySlug: "acme",
  phoneRegion: "DE",
  adminEmail: "admin@acme.test",
  adminPassword: "hireflow-demo",
  adminName: "Ada Admin",
  apiKeyName: "Demo key",
} as const;

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
      salary: { min: 75_000, max: 95_000, currency: "EUR" },
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
        advance: { min_score: 80, to_stage: "phonescreen" },
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

export interface DemoCandidate {
  job: DemoJobKey;
  name: string;
  email: string;
  phone?: string;
  location: string;
  linkedin?: string;
  stage: "prospect" | "applied" | "phonescreen" | "inprogress";
  /** A later move, so the timeline shows a stage change too. */
  movedTo?: "inprogress";
  source: "manual" | "import";
  leadType: "applied" | "sourced" | "referred";
  notes: string[];
}

// Reserved example.com addresses and fictional numbers: nothing here reaches a real person.
export const DEMO_CANDIDATES: DemoCandidate[] = [
  {
    job: "backend",
    name: "Lena Fischer",
    email: "lena.fischer@example.com",
    phone: "+49 151 23456789",
    location: "Berlin, Germany",
    linkedin: "https://www.linkedin.com/in/lena-fischer-example",
    stage: "phonescreen",
    movedTo: "inprogress",
    source: "manual",
    leadType: "referred",
    notes: ["Referred by Jonas from the platform team.", "Technical interview went well; system design was the highlight."],
  },
  {
    job: "backend",
    name: "Marco Rossi",
    email: "marco.rossi@example.com",
    phone: "+39 312 345 6789",
    location: "Milan, Italy",
    stage: "phonescreen",
    source: "import",
    leadType: "applied",
    notes: ["Phone screen booked for Thursday 10:00."],
  },
  {
    job: "backend",
    name: "Priya Natarajan",
    email: "priya.natarajan@example.com",
    phone: "+44 20 7946 0958",
    location: "London, United Kingdom",
    stage: "applied",
    source: "import",
    leadType: "applied",
    notes: [],
  },
  {
    job: "backend",
    name: "Hana Kobayashi",
    email: "hana.kobayashi@example.com",
    location: "Remote",
    stage: "prospect",
    source: "manual",
    leadType: "sourced",
    notes: ["Sourced from a PostgreSQL conference talk; reach out after the launch."],
  },
  {
    job: "designer",
    name: "Sofia Almeida",
    email: "sofia.almeida@example.com",
    phone: "+351 912 345 678",
    location: "Lisbon, Portugal",
    stage: "applied",
    source: "import",
    leadType: "applied",
    notes: ["Portfolio: excellent case studies on onboarding flows."],
  },
  {
    job: "designer",
    name: "Tom Becker",
    email: "tom.becker@example.com",
    phone: "030 12345678",
    location: "Berlin, Germany",
    stage: "prospect",
    source: "manual",
    leadType: "sourced",
    notes: [],
  },
];
