import { describe, expect, it } from "vitest";
import { extractFields } from "../../src/resume/index.ts";

// Text as the parsers return it for the fixtures (pdf-parse/word-extractor layout).
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

Skills

\uF0B7 Figma
\uF0B7 User research
 Design systems
 WCAG 2.2
`;

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
      text_excerpt: "",
    });
  });
});
