import { type ScreeningCriterion } from "../../src/modules/screening/contract/screening.ts";
import { type ScreeningInput } from "../../src/modules/screening/engine/index.ts";

/**
 * The shared resume fixtures (packages/worker/test/fixtures/resumes) as the extraction returns them:
 * texts copied from packages/worker/test/resume/fields.test.ts, fields from its expectations and
 * structure.ts. Core cannot import jobs, so they are restated here.
 */
export const MARCUS_TEXT = `CURRICULUM VITAE
Marcus O'Neill
London, United Kingdom
marcus.oneill@example.org · +44 20 7946 0958 · linkedin.com/in/marcus-oneill
PROFILE
Backend engineer with eight years of experience building payment and logistics platforms.
EXPERIENCE
Lead Engineer, Northwind Logistics, London (2020 – present). Designed event-driven order routing in Go and PostgreSQL.
Software Engineer, Contoso Payments, Manchester (2016 – 2020). Built settlement services in Java and Kafka.
SKILLS
Go, Java, PostgreSQL, Kafka, Kubernetes, Terraform
EDUCATION
MEng Computer Science, University of Bristol, 2016
`;

export const PRIYA_TEXT = `Priya Raman

priya.raman@example.net | (212) 555-0143 | New York, NY | https://www.linkedin.com/in/priyaraman

Summary

Product designer focused on accessible interfaces for healthcare and fintech.

Experience

Senior Product Designer — Fabrikam Health, New York, NY — 2021 to 2025

Product Designer — Tailspin Bank, Jersey City, NJ — 2018 to 2021

Skills

\uF0B7 Figma
\uF0B7 User research
 Design systems
 WCAG 2.2
`;

// pdf-parse wraps Marcus's long lines; word-extractor turns the dashes into "-".
export const MARCUS_PDF_TEXT = MARCUS_TEXT.replace(" routing in Go and PostgreSQL.", " routing in\nGo and PostgreSQL.").replace(" in Java and Kafka.", " in Java and\nKafka.");
export const MARCUS_DOC_TEXT = MARCUS_TEXT.replaceAll("–", "-");
export const PRIYA_DOC_TEXT = PRIYA_TEXT.replaceAll("—", "-").replaceAll("\uF0B7 ", "");

const excerpt = (text: string) => text.replace(/\s+/g, " ").trim().slice(0, 1000);

/** Shaped like packages/worker ResumeFields (extra fields included, as the worker would pass them). */
export const MARCUS_DATA = {
  name: "Marcus O'Neill",
  email: "marcus.oneill@example.org",
  phone: "+442079460958",
  location: "London, United Kingdom",
  linkedin: "https://www.linkedin.com/in/marcus-oneill",
  skills: ["Go", "Java", "PostgreSQL", "Kafka", "Kubernetes", "Terraform"],
  summary: "Backend engineer with eight years of experience building payment and logistics platforms.",
  experience: [
    { title: "Lead Engineer", organization: "Northwind Logistics", location: "London", start: "2020", end: null },
    { title: "Software Engineer", organization: "Contoso Payments", location: "Manchester", start: "2016", end: "2020" },
  ],
  education: [{ degree: "MEng Computer Science", institution: "University of Bristol", year: "2016" }],
  languages: [],
  total_experience_years: 9.5,
  text_excerpt: excerpt(MARCUS_TEXT),
};

export const PRIYA_DATA = {
  name: "Priya Raman",
  email: "priya.raman@example.net",
  phone: "+12125550143",
  location: "New York, NY",
  linkedin: "https://www.linkedin.com/in/priyaraman",
  skills: ["Figma", "User research", "Design systems", "WCAG 2.2"],
  summary: "Product designer focused on accessible interfaces for healthcare and fintech.",
  experience: [
    { title: "Senior Product Designer", organization: "Fabrikam Health", location: "New York, NY", start: "2021", end: "2025" },
    { title: "Product Designer", organization: "Tailspin Bank", location: "Jersey City, NJ", start: "2018", end: "2021" },
  ],
  education: [],
  languages: [],
  total_experience_years: 7.5,
  text_excerpt: excerpt(PRIYA_TEXT),
};

const criterion = (c: Partial<ScreeningCriterion> & Pick<ScreeningCriterion, "id" | "type">): ScreeningCriterion => ({
  value: null,
  question_id: null,
  accepted: null,
  required: false,
  weight: 1,
  ...c,
});

/** A backend job's criteria: required Go (weight 3), PostgreSQL, Kafka, 5 years (weight 2), location, EU work answer, a statement. */
export const BACKEND_CRITERIA: ScreeningCriterion[] = [
  criterion({ id: "skill-go", type: "skill", value: "Go", required: true, weight: 3 }),
  criterion({ id: "skill-postgresql", type: "skill", value: "PostgreSQL" }),
  criterion({ id: "skill-kafka", type: "skill", value: "Kafka" }),
  criterion({ id: "min_years-5", type: "min_years", value: 5, weight: 2 }),
  criterion({ id: "location", type: "location" }),
  criterion({ id: "answer-eu_work", type: "answer", question_id: "eu_work", accepted: ["yes"] }),
  criterion({ id: "text-led-team", type: "text", value: "Has led a team of engineers" }),
];

export const BACKEND_JOB: ScreeningInput["job"] = {
  locations: ["London"],
  locationType: "onsite",
  questions: [
    { id: "eu_work", label: "Do you have the right to work in the EU?", type: "yes_no", required: true },
    { id: "notice", label: "What is your notice period?", type: "text", required: false },
  ],
};

type Who = "marcus" | "priya";

export function inputFor(who: Who, overrides: Partial<ScreeningInput> = {}): ScreeningInput {
  const data = who === "marcus" ? MARCUS_DATA : PRIYA_DATA;
  return {
    criteria: BACKEND_CRITERIA,
    resume: { text: who === "marcus" ? MARCUS_TEXT : PRIYA_TEXT, data },
    candidate: { location: data.location, answers: who === "marcus" ? { eu_work: true } : { eu_work: "No" } },
    job: BACKEND_JOB,
    person: { name: data.name, email: data.email, phone: data.phone, linkedin: data.linkedin },
    ...overrides,
  };
}

/** What must never reach an engine, per fixture. */
export const PERSONAL: Record<Who, string[]> = {
  marcus: ["Marcus", "O'Neill", "oneill", "marcus.oneill@example.org", "+44 20 7946 0958", "7946", "0958", "linkedin", "marcus-oneill"],
  priya: ["Priya", "Raman", "priya.raman@example.net", "(212) 555-0143", "555-0143", "linkedin", "priyaraman"],
};
