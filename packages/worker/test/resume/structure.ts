import { type ResumeFields } from "../../src/resume/index.ts";

/** "Today" for the fixtures' structured fields, so that "2020 – present" has a fixed length. */
export const FIXTURE_NOW = new Date("2025-06-15T12:00:00Z");

type Structure = Pick<ResumeFields, "summary" | "experience" | "education" | "languages" | "total_experience_years">;

/**
 * The structured fields of the fixtures, the same for their PDF, DOCX and DOC files (the DOC text has
 * "-" where the others have "–" and "—"; the PDF wraps Marcus's description lines).
 */
export const FIXTURE_STRUCTURE: Record<"marcus-oneill" | "priya-raman", Structure> = {
  "marcus-oneill": {
    summary: "Backend engineer with eight years of experience building payment and logistics platforms.",
    experience: [
      { title: "Lead Engineer", organization: "Northwind Logistics", location: "London", start: "2020", end: null },
      { title: "Software Engineer", organization: "Contoso Payments", location: "Manchester", start: "2016", end: "2020" },
    ],
    education: [{ degree: "MEng Computer Science", institution: "University of Bristol", year: "2016" }],
    languages: [],
    // January 2016 through June 2025 (the two jobs share 2020): 114 months.
    total_experience_years: 9.5,
  },
  "priya-raman": {
    summary: "Product designer focused on accessible interfaces for healthcare and fintech.",
    experience: [
      { title: "Senior Product Designer", organization: "Fabrikam Health", location: "New York, NY", start: "2021", end: "2025" },
      { title: "Product Designer", organization: "Tailspin Bank", location: "Jersey City, NJ", start: "2018", end: "2021" },
    ],
    education: [],
    languages: [],
    // January 2018 through June 2025: the months of 2025 after FIXTURE_NOW do not count yet. 90 months.
    total_experience_years: 7.5,
  },
};

export function structureOf(fields: ResumeFields): Structure {
  const { summary, experience, education, languages, total_experience_years } = fields;
  return { summary, experience, education, languages, total_experience_years };
}
