import { type DemoJobKey } from "./demo-data.ts";

/** The demo candidates (seeded into the jobs of demo-data.ts) and their self-identification answers. */

export interface DemoCandidate {
  job: DemoJobKey;
  name: string;
  email: string;
  phone?: string;
  location: string;
  linkedin?: string;
  /** The stage the candidate was created in: a key of the job's pipeline. */
  stage: string;
  /** Days before the seed that the candidate applied (so /reports has a few weeks of history). */
  appliedDaysAgo: number;
  /**
   * Later stage changes (keys of the job's pipeline), each `afterDays` after applying (the timeline and the
   * reports' stage history); a move to a rejected stage may name one of the company's reject reasons.
   */
  moves?: { to: string; afterDays: number; rejectReason?: string }[];
  source: "manual" | "import";
  leadType: "applied" | "sourced" | "referred";
  notes: string[];
  /**
   * A resume as the parser would have left it (no file): what search finds by skill and the AI screening
   * scores (`years`: the parser's total_experience_years, which the min_years criterion reads).
   */
  resume?: { skills: string[]; text: string; years?: number };
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
    stage: "applied",
    appliedDaysAgo: 26,
    moves: [
      { to: "recruiter_screen", afterDays: 3 },
      { to: "technical_interview", afterDays: 10 },
      { to: "onsite", afterDays: 17 },
    ],
    source: "manual",
    leadType: "referred",
    notes: ["Referred by Jonas from the platform team.", "Technical interview went well; system design was the highlight."],
    resume: {
      skills: ["Go", "PostgreSQL", "Kafka", "Kubernetes"],
      text: "Lena Fischer, Berlin. Backend engineer, 7 years. Built payment services in Go on PostgreSQL and Kafka, running on Kubernetes; led a team of four engineers.",
      years: 7,
    },
  },
  {
    job: "backend",
    name: "Marco Rossi",
    email: "marco.rossi@example.com",
    phone: "+39 312 345 6789",
    location: "Milan, Italy",
    stage: "applied",
    appliedDaysAgo: 19,
    moves: [{ to: "recruiter_screen", afterDays: 5 }],
    source: "import",
    leadType: "applied",
    notes: ["Recruiter screen booked for Thursday 10:00."],
    resume: {
      skills: ["Java", "Spring Boot", "PostgreSQL", "Terraform"],
      text: "Marco Rossi, Milan. Software engineer: Java and Spring Boot microservices, PostgreSQL, infrastructure as code with Terraform.",
      years: 4,
    },
  },
  {
    job: "backend",
    name: "Priya Natarajan",
    email: "priya.natarajan@example.com",
    phone: "+44 20 7946 0958",
    location: "London, United Kingdom",
    stage: "applied",
    appliedDaysAgo: 9,
    moves: [
      { to: "recruiter_screen", afterDays: 2 },
      { to: "technical_interview", afterDays: 6 },
    ],
    source: "import",
    leadType: "applied",
    notes: ["Take-home review scheduled with the platform team."],
  },
  {
    job: "backend",
    name: "Hana Kobayashi",
    email: "hana.kobayashi@example.com",
    location: "Remote",
    stage: "prospect",
    appliedDaysAgo: 4,
    source: "manual",
    leadType: "sourced",
    notes: ["Sourced from a PostgreSQL conference talk; reach out after the launch."],
    resume: {
      skills: ["Rust", "PostgreSQL", "Distributed systems"],
      text: "Hana Kobayashi. Database engineer: PostgreSQL internals, query planning, Rust; speaker on distributed systems and replication.",
    },
  },
  {
    job: "designer",
    name: "Sofia Almeida",
    email: "sofia.almeida@example.com",
    phone: "+351 912 345 678",
    location: "Lisbon, Portugal",
    stage: "applied",
    appliedDaysAgo: 12,
    source: "import",
    leadType: "applied",
    notes: ["Portfolio: excellent case studies on onboarding flows."],
    resume: {
      skills: ["Figma", "User research", "Design systems"],
      text: "Sofia Almeida, Lisbon. Product designer: Figma, user research and design systems; onboarding flows for a fintech app.",
    },
  },
  {
    job: "designer",
    name: "Tom Becker",
    email: "tom.becker@example.com",
    phone: "030 12345678",
    location: "Berlin, Germany",
    stage: "prospect",
    appliedDaysAgo: 2,
    source: "manual",
    leadType: "sourced",
    notes: [],
  },
  // Search (issue 15 §1): an accented name ("jose" finds "José") and one with an apostrophe ("oneill").
  {
    job: "backend",
    name: "José Martínez",
    email: "jose.martinez@example.com",
    phone: "+34 612 345 678",
    location: "Valencia, Spain",
    stage: "applied",
    appliedDaysAgo: 6,
    source: "import",
    leadType: "applied",
    notes: [],
    resume: {
      skills: ["Python", "Django", "PostgreSQL", "Docker"],
      text: "José Martínez, Valencia. Backend developer, 5 years: Python and Django APIs on PostgreSQL, Docker, Celery queues.",
      years: 5,
    },
  },
  {
    job: "designer",
    name: "Niamh O'Neill",
    email: "niamh.oneill@example.com",
    location: "Dublin, Ireland",
    stage: "prospect",
    appliedDaysAgo: 3,
    source: "manual",
    leadType: "sourced",
    notes: ["Met at a design systems meetup."],
    resume: {
      skills: ["Figma", "Illustration", "Accessibility"],
      text: "Niamh O'Neill, Dublin. Visual and product designer: Figma, illustration, accessibility reviews (WCAG 2.2).",
    },
  },
  // The backend job's later stages and its rejections (with reasons, for the reports' breakdown).
  {
    job: "backend",
    name: "Elif Yılmaz",
    email: "elif.yilmaz@example.com",
    phone: "+90 532 123 45 67",
    location: "Istanbul, Türkiye",
    stage: "applied",
    appliedDaysAgo: 33,
    moves: [
      { to: "recruiter_screen", afterDays: 2 },
      { to: "technical_interview", afterDays: 7 },
      { to: "onsite", afterDays: 14 },
      { to: "offer", afterDays: 24 },
    ],
    source: "import",
    leadType: "applied",
    notes: ["Offer sent: 90k EUR, start in two months; relocation to Berlin discussed."],
    resume: {
      skills: ["Go", "PostgreSQL", "gRPC", "Kafka"],
      text: "Elif Yılmaz, Istanbul. Staff engineer, 9 years: Go services over gRPC, PostgreSQL and Kafka; led the payments platform team of six.",
      years: 9,
    },
  },
  {
    job: "backend",
    name: "Kwame Mensah",
    email: "kwame.mensah@example.com",
    location: "Berlin, Germany",
    stage: "prospect",
    appliedDaysAgo: 45,
    moves: [
      { to: "applied", afterDays: 1 },
      { to: "recruiter_screen", afterDays: 4 },
      { to: "technical_interview", afterDays: 9 },
      { to: "onsite", afterDays: 15 },
      { to: "offer", afterDays: 20 },
      { to: "hired", afterDays: 26 },
    ],
    source: "manual",
    leadType: "sourced",
    notes: ["Signed; first of the two backend openings filled."],
  },
  {
    job: "backend",
    name: "Oliver Schmidt",
    email: "oliver.schmidt@example.com",
    location: "Munich, Germany",
    stage: "applied",
    appliedDaysAgo: 24,
    moves: [
      { to: "recruiter_screen", afterDays: 3 },
      { to: "rejected", afterDays: 5, rejectReason: "Compensation" },
    ],
    source: "import",
    leadType: "applied",
    notes: ["Expects 120k EUR; the band tops out at 95k."],
  },
  {
    job: "backend",
    name: "Yuki Tanaka",
    email: "yuki.tanaka@example.com",
    location: "Remote",
    stage: "applied",
    appliedDaysAgo: 16,
    moves: [
      { to: "recruiter_screen", afterDays: 2 },
      { to: "technical_interview", afterDays: 6 },
      { to: "rejected", afterDays: 9, rejectReason: "Not a fit for the role" },
    ],
    source: "import",
    leadType: "applied",
    notes: ["Strong frontend background; little backend or database depth for this role."],
  },
  // The filled coordinator role: a finished hiring round (a hire and rejections at several stages) for /reports.
  {
    job: "coordinator",
    name: "Jonas Weber",
    email: "jonas.weber@example.com",
    location: "Berlin, Germany",
    stage: "applied",
    appliedDaysAgo: 41,
    moves: [
      { to: "phonescreen", afterDays: 2 },
      { to: "inprogress", afterDays: 8 },
      { to: "hired", afterDays: 16 },
    ],
    source: "import",
    leadType: "applied",
    notes: ["Accepted the offer; starts on the 1st."],
  },
  {
    job: "coordinator",
    name: "Aylin Demir",
    email: "aylin.demir@example.com",
    location: "Hamburg, Germany",
    stage: "applied",
    appliedDaysAgo: 38,
    moves: [
      { to: "phonescreen", afterDays: 4 },
      { to: "inprogress", afterDays: 9 },
      { to: "rejected", afterDays: 17, rejectReason: "Position filled" },
    ],
    source: "import",
    leadType: "applied",
    notes: [],
  },
  {
    job: "coordinator",
    name: "Chen Wei",
    email: "chen.wei@example.com",
    location: "Berlin, Germany",
    stage: "applied",
    appliedDaysAgo: 34,
    moves: [
      { to: "phonescreen", afterDays: 3 },
      { to: "rejected", afterDays: 6 },
    ],
    source: "manual",
    leadType: "referred",
    notes: [],
  },
  {
    job: "coordinator",
    name: "Maria López",
    email: "maria.lopez@example.com",
    location: "Madrid, Spain",
    stage: "prospect",
    appliedDaysAgo: 31,
    moves: [{ to: "rejected", afterDays: 2, rejectReason: "Withdrew" }],
    source: "manual",
    leadType: "sourced",
    notes: ["Not looking to move this year."],
  },
];

/**
 * The demo applicants' voluntary self-identification (as if given on the careers form), so that
 * Reports → Impact ratios shows real tables after a seed. Made-up answers, spread over the categories,
 * a few declined or not given (counted as unknown). Keyed by e-mail; a candidate left out gave none.
 */
export const DEMO_SELF_IDS: Record<string, { sex?: "female" | "male" | "decline"; race_ethnicity?: string }> = {
  "lena.fischer@example.com": { sex: "female", race_ethnicity: "white" },
  "marco.rossi@example.com": { sex: "male", race_ethnicity: "white" },
  "priya.natarajan@example.com": { sex: "female", race_ethnicity: "asian" },
  "hana.kobayashi@example.com": { sex: "female", race_ethnicity: "asian" },
  "sofia.almeida@example.com": { sex: "female", race_ethnicity: "hispanic_latino" },
  "tom.becker@example.com": { sex: "male", race_ethnicity: "white" },
  "jose.martinez@example.com": { sex: "male", race_ethnicity: "hispanic_latino" },
  "niamh.oneill@example.com": { sex: "female", race_ethnicity: "decline" },
  "elif.yilmaz@example.com": { sex: "female", race_ethnicity: "two_or_more" },
  "kwame.mensah@example.com": { sex: "male", race_ethnicity: "black" },
  "oliver.schmidt@example.com": { sex: "decline" },
  "yuki.tanaka@example.com": { sex: "male", race_ethnicity: "asian" },
  "jonas.weber@example.com": { sex: "male", race_ethnicity: "white" },
  "aylin.demir@example.com": { sex: "female", race_ethnicity: "white" },
  "chen.wei@example.com": { sex: "male", race_ethnicity: "asian" },
};
