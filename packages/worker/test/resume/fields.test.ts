import { describe, expect, it } from "vitest";
import { extractFields } from "../../src/resume/index.ts";
import { FIXTURE_NOW, FIXTURE_STRUCTURE, structureOf } from "./structure.ts";

// Text as the parsers return it for the fixtures (mammoth's layout without its blank lines).
const MARCUS = `CURRICULUM VITAE
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

const PRIYA = `Priya Raman

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

// pdf-parse wraps Marcus's long lines; word-extractor turns the dashes of both into "-".
const MARCUS_PDF = MARCUS.replace(" routing in Go and PostgreSQL.", " routing in\nGo and PostgreSQL.").replace(
  " in Java and Kafka.",
  " in Java and\nKafka.",
);
const MARCUS_DOC = MARCUS.replaceAll("–", "-");
const PRIYA_DOC = PRIYA.replaceAll("—", "-").replaceAll("\uF0B7 ", "");

describe("extractFields", () => {
  it("reads a CV with a title line and '·'-separated contacts", () => {
    expect(extractFields(MARCUS)).toMatchObject({
      name: "Marcus O'Neill",
      email: "marcus.oneill@example.org",
      phone: "+442079460958",
      location: "London, United Kingdom",
      linkedin: "https://www.linkedin.com/in/marcus-oneill",
      skills: ["Go", "Java", "PostgreSQL", "Kafka", "Kubernetes", "Terraform"],
    });
  });

  it("reads a resume without a title and with '|'-separated contacts and bulleted skills", () => {
    expect(extractFields(PRIYA)).toMatchObject({
      name: "Priya Raman",
      email: "priya.raman@example.net",
      phone: "+12125550143",
      location: "New York, NY",
      linkedin: "https://www.linkedin.com/in/priyaraman",
      skills: ["Figma", "User research", "Design systems", "WCAG 2.2"],
    });
  });

  it("title-cases a name written in capitals but skips all-caps section titles", () => {
    expect(extractFields("RESUME\nPRIYA RAMAN\nSenior Designer\npriya@example.net").name).toBe("Priya Raman");
    expect(extractFields("MARCUS O'NEILL\nLondon, UK").name).toBe("Marcus O'Neill");
    expect(extractFields("JEAN-LUC DE LA FONTAINE\nParis, France").name).toBe("Jean-Luc De La Fontaine");
    expect(extractFields("PROFESSIONAL SUMMARY\nSeasoned engineer.").name).toBeNull();
    expect(extractFields("Curriculum Vitae\nEXPERIENCE\nJane Doe worked here").name).toBeNull();
  });

  it("skips headlines and contact lines above the name and strips credentials", () => {
    expect(extractFields("Senior Software Engineer\nAna María López\nana@example.com").name).toBe("Ana María López");
    expect(extractFields("jane@example.com | 555 0100\nJane van der Berg, PhD\n").name).toBe("Jane van der Berg");
    expect(extractFields("Name: Tomás Ruiz\nMadrid, Spain").name).toBe("Tomás Ruiz");
    expect(extractFields("Résumé\n\nKim Lee | Data Engineer | kim@example.com").name).toBe("Kim Lee");
  });

  it("finds locations in several notations near the top only", () => {
    expect(extractFields("Jane Doe\nAustin, TX 78701 | jane@example.com").location).toBe("Austin, TX");
    expect(extractFields("Jane Doe\nLocation: Berlin, Germany").location).toBe("Berlin, Germany");
    expect(extractFields("Jane Doe\nToronto, ON, Canada").location).toBe("Toronto, ON, Canada");
    expect(extractFields("Jane Doe\n12 Main Street, Springfield, IL 62701").location).toBe("Springfield, IL");
    expect(extractFields("Jane Doe\njane@example.com\nSão Paulo, Brazil").location).toBe("São Paulo, Brazil");
    // An employer's city in the experience section is not where the candidate lives.
    expect(extractFields("Jane Doe\nExperience\nEngineer — Acme, Denver, CO — 2020").location).toBeNull();
    expect(extractFields("Jane Doe\nLead Engineer, Northwind Logistics, London").location).toBeNull();
  });

  it("validates phone numbers and returns E.164, honouring the default region", () => {
    expect(extractFields("Jane Doe\nTel: 020 7946 0958", "GB").phone).toBe("+442079460958");
    expect(extractFields("Jane Doe\nTel: 020 7946 0958", "US").phone).toBeNull();
    expect(extractFields("Jane Doe\nPhone: 415-555-2671").phone).toBe("+14155552671");
    expect(extractFields("Jane Doe\nPhone: 123-456-7890\n2016 – 2020, 2019-2021").phone).toBeNull();
    expect(extractFields("Jane Doe\n+49 30 901820", "xx").phone).toBe("+4930901820");
  });

  it("reads a number without + in the country the resume's location names, before the company's", () => {
    // The priya-raman fixture's header: a German company's default region made this +49 212 5550143.
    expect(extractFields("Priya Raman\nNew York, NY | (212) 555-0143", "DE").phone).toBe("+12125550143");
    expect(extractFields("Priya Raman\nBrooklyn, New York | 212 555 0143", "DE").phone).toBe("+12125550143");
    expect(extractFields("Jane Doe\nLondon, UK\nTel: 020 7946 0958", "US").phone).toBe("+442079460958");
    expect(extractFields("Seán Ó Briain\nDublin, Ireland\n01 234 5678", "US").phone).toBe("+35312345678");
    expect(extractFields("Ana Souza\nToronto, ON\n416 555 0199", "DE").phone).toBe("+14165550199");
    // No country in the location: the company's region still decides; "+" always wins.
    expect(extractFields("Jane Doe\nTel: 020 7946 0958", "GB").phone).toBe("+442079460958");
    expect(extractFields("Priya Raman\nNew York, NY\n+49 30 901820", "US").phone).toBe("+4930901820");
  });

  it("normalises LinkedIn profiles to a full https URL", () => {
    expect(extractFields("linkedin: https://linkedin.com/in/jane-doe/").linkedin).toBe("https://www.linkedin.com/in/jane-doe");
    expect(extractFields("uk.linkedin.com/in/jane.").linkedin).toBe("https://www.linkedin.com/in/jane");
    expect(extractFields("www.LinkedIn.com/in/JaneDoe?trk=abc").linkedin).toBe("https://www.linkedin.com/in/JaneDoe");
    expect(extractFields("Jane Doe, no profile").linkedin).toBeNull();
  });

  it("lower-cases e-mail addresses and ignores trailing punctuation", () => {
    expect(extractFields("Write to Jane.Doe+jobs@Example.CO.UK.").email).toBe("jane.doe+jobs@example.co.uk");
    expect(extractFields("no address here @ all").email).toBeNull();
  });

  it("reads skills inline, under sub-labels, and stops at the next section; at most 30", () => {
    expect(extractFields("Jane Doe\nSkills: Go, Rust; SQL\nEducation\nBSc, Physics").skills).toEqual(["Go", "Rust", "SQL"]);
    const labelled = "Technical Skills\nLanguages: Go, Python, TypeScript\nTools: Docker | Terraform\n• AWS\nPROJECTS\nThing";
    expect(extractFields(labelled).skills).toEqual(["Go", "Python", "TypeScript", "Docker", "Terraform", "AWS"]);
    const many = `Skills\n${Array.from({ length: 40 }, (_, i) => `Skill${i}`).join(", ")}`;
    expect(extractFields(many).skills).toHaveLength(30);
    expect(extractFields("Jane Doe\nExperience\nBuilt things").skills).toEqual([]);
  });

  it("makes a whitespace-normalised excerpt of about 1000 characters", () => {
    const text = `  Jane\tDoe \n\n${"word ".repeat(400)}`;
    const { text_excerpt } = extractFields(text);
    expect(text_excerpt.startsWith("Jane Doe word word")).toBe(true);
    expect(text_excerpt.length).toBeLessThanOrEqual(1000);
    expect(text_excerpt.length).toBeGreaterThan(900);
    expect(text_excerpt).not.toMatch(/\s{2,}|\n|\t/);
  });

  it("returns empty fields for empty text", () => {
    expect(extractFields("")).toEqual({
      name: null,
      email: null,
      phone: null,
      location: null,
      linkedin: null,
      skills: [],
      summary: null,
      experience: [],
      education: [],
      languages: [],
      total_experience_years: null,
      text_excerpt: "",
    });
  });
});

describe("extractFields: summary, experience, education, languages, years", () => {
  it.each([
    ["Marcus (DOCX text)", MARCUS, "marcus-oneill"],
    ["Marcus (PDF text, wrapped lines)", MARCUS_PDF, "marcus-oneill"],
    ["Marcus (DOC text, hyphens)", MARCUS_DOC, "marcus-oneill"],
    ["Priya (PDF/DOCX text)", PRIYA, "priya-raman"],
    ["Priya (DOC text, hyphens)", PRIYA_DOC, "priya-raman"],
  ] as const)("reads the structure of %s", (_label, text, stem) => {
    expect(structureOf(extractFields(text, "US", { now: FIXTURE_NOW }))).toEqual(FIXTURE_STRUCTURE[stem]);
  });

  it("counts ongoing jobs up to `now`", () => {
    expect(extractFields(MARCUS, "US", { now: new Date("2030-12-31T00:00:00Z") }).total_experience_years).toBe(15);
    expect(extractFields(PRIYA, "US", { now: new Date("2030-12-31T00:00:00Z") }).total_experience_years).toBe(8);
    // Without `now`, today: at least the 9.5 years up to June 2025.
    expect(extractFields(MARCUS).total_experience_years).toBeGreaterThanOrEqual(9.5);
    // An invalid date is ignored rather than turned into NaN.
    expect(extractFields(MARCUS, "US", { now: new Date("nonsense") }).total_experience_years).toBeGreaterThanOrEqual(9.5);
  });

  it("reads the common multi-line layout: title, organisation, dates, bullets", () => {
    const text = [
      "Jane Doe",
      "jane@example.com",
      "Professional Summary",
      "Platform engineer who likes",
      "boring, reliable systems.",
      "Work Experience",
      "Senior Software Engineer",
      "Acme Corp, Berlin, Germany",
      "Jan 2019 – Present",
      "• Built the billing platform in Go",
      "• Led a team of four",
      "Software Engineer",
      "Globex GmbH — Munich",
      "06/2016 - 12/2018",
      "- Maintained the pricing service.",
      "Education",
      "Technical University of Munich",
      "MSc Computer Science",
      "2014 – 2016",
      "Languages",
      "German (native), English – C1",
      "Skills",
      "Languages: Go, Java, Python",
    ].join("\n");
    const fields = extractFields(text, "US", { now: FIXTURE_NOW });
    expect(fields.summary).toBe("Platform engineer who likes boring, reliable systems.");
    expect(fields.experience).toEqual([
      { title: "Senior Software Engineer", organization: "Acme Corp", location: "Berlin, Germany", start: "2019-01", end: null },
      { title: "Software Engineer", organization: "Globex GmbH", location: "Munich", start: "2016-06", end: "2018-12" },
    ]);
    expect(fields.education).toEqual([{ degree: "MSc Computer Science", institution: "Technical University of Munich", year: "2016" }]);
    expect(fields.languages).toEqual(["German", "English"]);
    // June 2016 – December 2018 (31 months) and January 2019 – June 2025 (78 months).
    expect(fields.total_experience_years).toBe(9.1);
    expect(fields.skills).toEqual(["Go", "Java", "Python"]);
  });

  it("takes a Languages: line outside the skills list, never the one inside it", () => {
    const text = "Jane Doe\nLanguages: English (native), German (B2)\nSkills\nLanguages: Go, Java, Dutch\nTools: Docker";
    expect(extractFields(text).languages).toEqual(["English", "German"]);
    expect(extractFields("Jane Doe\nTechnical Skills\nLanguages: French, Go\nEducation\nBSc, Leeds, 2010").languages).toEqual([]);
    expect(extractFields("Jane Doe\nSkills: Go, Rust\nLanguages: English, Spanish").languages).toEqual([]);
    expect(extractFields("Jane Doe\nExperience\nDev, Acme, 2019 - 2020\nAdditional information\nLanguages: Spanish, Polish").languages).toEqual([
      "Spanish",
      "Polish",
    ]);
  });

  it("reads inline Summary: and Education: headings", () => {
    const fields = extractFields("Jane Doe\nSummary: Backend   engineer.\nEducation: BSc Physics, University of Leeds (2006 – 2010)");
    expect(fields.summary).toBe("Backend engineer.");
    expect(fields.education).toEqual([{ degree: "BSc Physics", institution: "University of Leeds", year: "2010" }]);
  });

  it("keeps the summary to about 1000 characters and returns null without a summary section", () => {
    const long = extractFields(`Jane Doe\nProfile\n${"word ".repeat(400)}\nExperience\nDev, Acme, 2019 - 2020`).summary ?? "";
    expect(long.length).toBeLessThanOrEqual(1000);
    expect(long.length).toBeGreaterThan(900);
    expect(long).not.toContain("Experience");
    expect(extractFields("Jane Doe\nExperience\nDev, Acme, 2019 - 2020").summary).toBeNull();
  });
});
