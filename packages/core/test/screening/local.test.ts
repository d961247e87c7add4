import { describe, expect, it } from "vitest";
import { type ScreeningCriterion } from "../../src/modules/screening/contract/screening.ts";
import { judgeLocally, scoreCandidate, scoreLocally, type ScreeningInput } from "../../src/modules/screening/engine/index.ts";
import { BACKEND_JOB, inputFor, MARCUS_DATA, MARCUS_DOC_TEXT, MARCUS_PDF_TEXT, MARCUS_TEXT, PERSONAL, PRIYA_DOC_TEXT } from "./fixtures.ts";

const metById = (input: ScreeningInput) => Object.fromEntries(scoreLocally(input).criteria.map((c) => [c.id, c.met]));

describe("local engine on the shared fixtures (backend job)", () => {
  it("Marcus meets Go, PostgreSQL, Kafka, 5 years, London and the EU answer: 100", async () => {
    const outcome = await scoreCandidate(inputFor("marcus"));
    expect(outcome.criteria.map((c) => [c.id, c.met, c.evidence])).toEqual([
      ["skill-go", true, "Lead Engineer, Northwind Logistics, London (2020 – present). Designed event-driven order routing in Go and PostgreSQL."],
      ["skill-postgresql", true, "Lead Engineer, Northwind Logistics, London (2020 – present). Designed event-driven order routing in Go and PostgreSQL."],
      ["skill-kafka", true, "Software Engineer, Contoso Payments, Manchester (2016 – 2020). Built settlement services in Java and Kafka."],
      ["min_years-5", true, "9.5 years of dated experience (at least 5 wanted)"],
      ["location", true, 'Located in "London, United Kingdom"; the job is in London'],
      ["answer-eu_work", true, 'Answered "yes" to "Do you have the right to work in the EU?"'],
      ["text-led-team", null, "Needs a language model: the local engine does not judge free-text criteria"],
    ]);
    // 9 of 9 judged weight; the text criterion is not judged and counts neither way.
    expect(outcome.fitScore).toBe(100);
    expect(outcome).toMatchObject({ engine: "local", model: null });
    expect(outcome.criteriaHash).toMatch(/^[0-9a-f]{64}$/);
    expect(outcome.inputHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("Priya meets none of Go, PostgreSQL, Kafka: 22 (2 of 9), below the required-miss cap", () => {
    const outcome = scoreLocally(inputFor("priya"));
    expect(outcome.criteria.map((c) => [c.id, c.met, c.evidence])).toEqual([
      ["skill-go", false, "No mention of Go (or Golang) in the resume"],
      ["skill-postgresql", false, "No mention of PostgreSQL (or Postgres) in the resume"],
      ["skill-kafka", false, "No mention of Kafka in the resume"],
      ["min_years-5", true, "7.5 years of dated experience (at least 5 wanted)"],
      ["location", false, 'Located in "New York, NY"; the job is in London (onsite)'],
      ["answer-eu_work", false, 'Answered "No" to "Do you have the right to work in the EU?"'],
      ["text-led-team", null, "Needs a language model: the local engine does not judge free-text criteria"],
    ]);
    expect(outcome.fitScore).toBe(22);
  });

  it("gives the same results for the PDF, DOCX and DOC texts", () => {
    const expected = metById(inputFor("marcus"));
    for (const text of [MARCUS_PDF_TEXT, MARCUS_DOC_TEXT]) expect(metById(inputFor("marcus", { resume: { text, data: MARCUS_DATA } }))).toEqual(expected);
    expect(metById(inputFor("priya", { resume: { text: PRIYA_DOC_TEXT, data: inputFor("priya").resume.data } }))).toEqual(metById(inputFor("priya")));
  });

  it("caps a strong candidate without the required skill at 40", () => {
    const noGo = MARCUS_TEXT.replace(" in Go and PostgreSQL", " in Rust and PostgreSQL").replace("Go, Java", "Java");
    const outcome = scoreLocally(inputFor("marcus", { resume: { text: noGo, data: { ...MARCUS_DATA, skills: MARCUS_DATA.skills.filter((s) => s !== "Go") } } }));
    expect(outcome.criteria.find((c) => c.id === "skill-go")?.met).toBe(false);
    expect(outcome.fitScore).toBe(40); // 6 of 9 = 67 uncapped
  });

  it("keeps the person out of the blind text (what the engine reads; evidence quotes the resume as written, evidence.test.ts)", () => {
    for (const who of ["marcus", "priya"] as const) {
      const outcome = scoreLocally(inputFor(who));
      const seen = outcome.blindText.toLowerCase();
      for (const s of PERSONAL[who]) expect(seen).not.toContain(s.toLowerCase());
    }
  });

  it("falls back to the extraction's excerpt when there is no full text", () => {
    expect(metById(inputFor("marcus", { resume: { text: null, data: MARCUS_DATA } }))["skill-kafka"]).toBe(true);
  });

  it("cannot judge skills or years without a resume", () => {
    const outcome = scoreLocally(inputFor("marcus", { resume: { text: null, data: null } }));
    expect(outcome.criteria.map((c) => c.met)).toEqual([null, null, null, null, true, true, null]);
    expect(outcome.criteria[0]!.evidence).toBe("No resume text to search");
    expect(outcome.fitScore).toBe(100); // location and answer only
  });
});

const criterion = (c: Partial<ScreeningCriterion> & Pick<ScreeningCriterion, "type">): ScreeningCriterion => ({
  id: "c",
  value: null,
  question_id: null,
  accepted: null,
  required: false,
  weight: 1,
  ...c,
});

describe("answer criteria", () => {
  const euWork = criterion({ type: "answer", question_id: "eu_work", accepted: ["yes"] });
  const judge = (answers: Record<string, unknown> | null, c = euWork, job = BACKEND_JOB) => {
    const input = inputFor("marcus", { candidate: { location: null, answers }, job });
    return judgeLocally(c, input, "");
  };

  it.each([
    [true, true],
    ["yes", true],
    ["Yes", true],
    [" YES ", true],
    ["true", true],
    [false, false],
    ["no", false],
    ["No", false],
    ["false", false],
  ])("yes_no answer %j → %s", (answer, met) => {
    expect(judge({ eu_work: answer }).met).toBe(met);
  });

  it("counts an accepted boolean-like value written either way", () => {
    expect(judge({ eu_work: false }, { ...euWork, accepted: ["No"] }).met).toBe(true);
    expect(judge({ eu_work: "TRUE" }, { ...euWork, accepted: ["true"] }).met).toBe(true);
  });

  it("compares other answers case-insensitively", () => {
    const job = { ...BACKEND_JOB, questions: [...BACKEND_JOB.questions, { id: "level", label: "Level?", type: "select" as const, required: false, options: ["Junior", "Senior"] }] };
    const senior = criterion({ type: "answer", question_id: "level", accepted: ["senior", "Staff"] });
    expect(judge({ level: "Senior" }, senior, job)).toMatchObject({ met: true, evidence: 'Answered "Senior" to "Level?"' });
    expect(judge({ level: "STAFF" }, senior, job).met).toBe(true);
    expect(judge({ level: "Junior" }, senior, job).met).toBe(false);
  });

  it("a missing answer to an asked question is not met", () => {
    expect(judge({})).toMatchObject({ met: false, evidence: 'No answer to "Do you have the right to work in the EU?"' });
    expect(judge({ eu_work: null }).met).toBe(false);
    expect(judge({ eu_work: "" }).met).toBe(false);
  });

  it("cannot be judged when the question does not exist or was never asked", () => {
    expect(judge({ eu_work: true }, { ...euWork, question_id: "visa" })).toMatchObject({ met: null, evidence: 'The job does not ask question "visa"' });
    expect(judge(null)).toMatchObject({ met: null, evidence: "The candidate was not asked the job's questions" });
  });

  it("quotes an answer as the candidate wrote it (a person reads evidence; no redaction marks)", () => {
    const job = BACKEND_JOB;
    const notice = criterion({ type: "answer", question_id: "notice", accepted: ["none"] });
    const out = judgeLocally(notice, inputFor("marcus", { candidate: { location: null, answers: { notice: "Marcus: mail marcus.oneill@example.org" } }, job }), "");
    expect(out.met).toBe(false);
    expect(out.evidence).toBe('Answered "Marcus: mail marcus.oneill@example.org" to "What is your notice period?"');
  });
});

describe("location criteria", () => {
  const loc = criterion({ type: "location" });
  const judge = (candidateLocation: string | null, job: Partial<ScreeningInput["job"]>, dataLocation: string | null = null) =>
    judgeLocally(loc, inputFor("marcus", { candidate: { location: candidateLocation, answers: null }, resume: { text: "", data: { location: dataLocation } }, job: { ...BACKEND_JOB, ...job } }), "");

  it("a remote job matches everyone, even without a known location", () => {
    expect(judge(null, { locationType: "remote", locations: ["London"] })).toMatchObject({ met: true, evidence: "Remote job: open to every location" });
    expect(judge("Lagos", { locationType: "hybrid", locations: ["London", "Remote"] }).met).toBe(true);
  });

  it.each([
    ["London, United Kingdom", ["London"], true],
    ["london", ["London, UK"], true],
    ["Berlin, Germany", ["Germany"], true],
    ["São Paulo, Brazil", ["Sao Paulo"], true],
    ["Brooklyn, NYC", ["New York, NY"], true],
    ["New York, NY", ["London", "Berlin"], false],
    ["Londonderry, UK", ["London"], false],
    ["Manchester, United Kingdom", ["London (HQ)"], false],
  ] as const)("%s against %j: %s", (where, locations, met) => {
    expect(judge(where, { locationType: "onsite", locations: [...locations] }).met).toBe(met);
  });

  it("uses the resume's location when the record has none; unknown → null", () => {
    expect(judge(null, { locationType: "hybrid", locations: ["London"] }, "London, UK").met).toBe(true);
    expect(judge(null, { locationType: "onsite", locations: ["London"] })).toMatchObject({ met: null, evidence: "The candidate's location is unknown" });
    expect(judge("London", { locationType: "onsite", locations: [] }).met).toBeNull();
  });
});

describe("min_years criteria", () => {
  const years = (value: number) => criterion({ type: "min_years", value });
  const judge = (c: ScreeningCriterion, total: number | null) =>
    judgeLocally(c, inputFor("marcus", { resume: { text: "", data: { total_experience_years: total } } }), "");

  it("compares total_experience_years with the minimum", () => {
    expect(judge(years(5), 9.5).met).toBe(true);
    expect(judge(years(9.5), 9.5).met).toBe(true);
    expect(judge(years(10), 9.5)).toMatchObject({ met: false, evidence: "9.5 years of dated experience (at least 10 wanted)" });
    expect(judge(years(0), 0).met).toBe(true);
  });

  it("cannot judge undated experience", () => {
    expect(judge(years(5), null)).toMatchObject({ met: null, evidence: "The resume has no dated experience" });
  });
});

describe("fairness", () => {
  // The same resume by someone else: another name, e-mail, phone, profile and pronouns.
  const story = (pronoun: "He" | "She", possessive: "his" | "her") =>
    `\nLEADERSHIP\n${pronoun} led a team of five engineers; ${possessive} manager promoted ${pronoun === "He" ? "him" : "her"} in 2022.\n`;
  const marcusText = MARCUS_TEXT + story("He", "his");
  const mariaText =
    MARCUS_TEXT.replace("Marcus O'Neill", "María González")
      .replace("marcus.oneill@example.org", "maria.gonzalez@example.com")
      .replace("+44 20 7946 0958", "(020) 7123 4567")
      .replace("linkedin.com/in/marcus-oneill", "https://linkedin.com/in/mariagonzalez") + story("She", "her");
  const marcus = inputFor("marcus", { resume: { text: marcusText, data: MARCUS_DATA } });
  const maria = inputFor("marcus", {
    resume: {
      text: mariaText,
      data: { ...MARCUS_DATA, name: "María González", email: "maria.gonzalez@example.com", phone: "+442071234567", linkedin: "https://www.linkedin.com/in/mariagonzalez" },
    },
    person: { name: "Maria Gonzalez", email: "maria.gonzalez@example.com", phone: "+442071234567", linkedin: "https://www.linkedin.com/in/mariagonzalez" },
  });

  it("gives the same blind text, results, score and input hash", () => {
    const a = scoreLocally(marcus);
    const b = scoreLocally(maria);
    expect(b.blindText).toBe(a.blindText);
    expect(a.blindText).toContain("They led a team of five engineers; their manager promoted them in 2022.");
    expect(b.criteria).toEqual(a.criteria);
    expect(b.fitScore).toBe(a.fitScore);
    expect(b.inputHash).toBe(a.inputHash);
    expect(b.blindText.toLowerCase()).not.toMatch(/mar[ií]a|gonz[aá]lez|7123|4567/);
  });
});
