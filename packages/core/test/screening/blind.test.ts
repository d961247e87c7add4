import { describe, expect, it } from "vitest";
import { blindText } from "../../src/modules/screening/engine/index.ts";
import { MARCUS_DATA, MARCUS_DOC_TEXT, MARCUS_PDF_TEXT, MARCUS_TEXT, PERSONAL, PRIYA_DATA, PRIYA_DOC_TEXT, PRIYA_TEXT } from "./fixtures.ts";

const marcus = { name: MARCUS_DATA.name, email: MARCUS_DATA.email, phone: MARCUS_DATA.phone, linkedin: MARCUS_DATA.linkedin };
const priya = { name: PRIYA_DATA.name, email: PRIYA_DATA.email, phone: PRIYA_DATA.phone, linkedin: PRIYA_DATA.linkedin };
const nobody = { name: null, email: null, phone: null, linkedin: null };

function expectNone(text: string, forbidden: string[]) {
  for (const s of forbidden) expect(text.toLowerCase(), `still contains ${s}`).not.toContain(s.toLowerCase());
}

describe("blindText on the fixtures", () => {
  it.each([
    ["Marcus (DOCX)", MARCUS_TEXT],
    ["Marcus (PDF)", MARCUS_PDF_TEXT],
    ["Marcus (DOC)", MARCUS_DOC_TEXT],
  ])("removes Marcus's name, e-mail, phone and LinkedIn from %s and keeps the rest", (_label, text) => {
    const blind = blindText(text, marcus);
    expectNone(blind, PERSONAL.marcus);
    expect(blind).toContain("London, United Kingdom");
    expect(blind).toContain("Go, Java, PostgreSQL, Kafka, Kubernetes, Terraform");
    expect(blind).toMatch(/Manchester \(2016 [–-] 2020\)/);
    // Education keeps the degree; the school and the year go (who the person is, how old).
    expect(blind).toContain("MEng Computer Science, [removed]");
    expectNone(blind, ["University of Bristol", "2016\n"]);
  });

  it("gives Marcus's DOCX text exactly", () => {
    expect(blindText(MARCUS_TEXT, marcus).split("\n").slice(0, 4)).toEqual(["CURRICULUM VITAE", "[removed]", "London, United Kingdom", "[removed] · [removed] · [removed]"]);
  });

  it.each([
    ["Priya (PDF/DOCX)", PRIYA_TEXT],
    ["Priya (DOC)", PRIYA_DOC_TEXT],
  ])("removes Priya's contact details from %s", (_label, text) => {
    const blind = blindText(text, priya);
    expectNone(blind, PERSONAL.priya);
    expect(blind).toContain("[removed] | [removed] | New York, NY | [removed]");
    expect(blind).toMatch(/Tailspin Bank, Jersey City, NJ [—-] 2018 to 2021/);
    expect(blind).toContain("WCAG 2.2");
  });

  it("removes e-mails, phones and profile URLs even without knowing the person", () => {
    expectNone(blindText(MARCUS_TEXT, nobody), ["marcus.oneill@example.org", "7946", "linkedin"]);
    expectNone(blindText(PRIYA_TEXT, nobody), ["priya.raman@example.net", "555-0143", "linkedin"]);
  });

  it("is deterministic", () => {
    expect(blindText(MARCUS_TEXT, marcus)).toBe(blindText(MARCUS_TEXT, marcus));
  });
});

describe("blindText: phone numbers", () => {
  it.each([
    "+44 20 7946 0958",
    "(212) 555-0143",
    "415-555-2671",
    "212.555.0143",
    "+1 (415) 555 2671",
    "+49 (0)30 901820",
    "020 7946 0958",
    "+33 1 42 68 53 00",
    "+4930901820",
  ])("removes %s", (phone) => {
    expect(blindText(`Call ${phone}. Thanks`, nobody)).toBe("Call [removed]. Thanks");
  });

  it.each([
    "Contoso (2016 – 2020)",
    "Contoso (2016 - 2020)",
    "Acme, 03/2019 - 11/2021",
    "06/2016 - 12/2018",
    "2016-2020, 2019-2021",
    "Released 2019-03-15",
    "Jan 2019 – Present",
    "WCAG 2.2 and ISO 27001",
    "2018 2019 2020",
    "9.5 years, 1.2 million users",
  ])("keeps dates and numbers: %s", (text) => {
    expect(blindText(text, nobody)).toBe(text);
  });

  it("removes the person's own number however it is written", () => {
    expect(blindText("Tel 2079 4609 58", { ...nobody, phone: "+442079460958" })).toBe("Tel [removed]");
  });
});

describe("blindText: e-mails and URLs", () => {
  it("removes any e-mail address", () => {
    expect(blindText("Write to Jane.Doe+jobs@Example.CO.UK or j@x.io.", nobody)).toBe("Write to [removed] or [removed].");
  });

  it("removes profile and personal URLs but keeps names like Node.js/TypeScript", () => {
    const text = [
      "https://www.linkedin.com/in/jane-doe/ · uk.linkedin.com/in/jane · github.com/jdoe",
      "Portfolio: https://janedoe.dev, www.janedoe.dev and dribbble.com/jd.",
      "LinkedIn: jane-doe-123",
      "Stack: Node.js/TypeScript, ASP.NET, Vue.js",
    ].join("\n");
    expect(blindText(text, nobody)).toBe(
      ["[removed] · [removed] · [removed]", "Portfolio: [removed] and [removed].", "LinkedIn: [removed]", "Stack: Node.js/TypeScript, ASP.NET, Vue.js"].join("\n"),
    );
  });

  it("removes the LinkedIn slug wherever it appears", () => {
    expect(blindText("handle marcus-oneill everywhere", marcus)).toBe("handle [removed] everywhere");
  });
});

describe("blindText: street addresses", () => {
  it.each([
    ["12 Main Street, Springfield, IL 62701", "[removed]"],
    ["Jane Doe | 221B Baker Street, London NW1 6XE | jane@example.com", "[removed] | [removed] | [removed]"],
    ["Flat 2, 14 Kingsland Road, London E8 4AA", "Flat 2, [removed]"],
    ["1600 Pennsylvania Avenue NW, Washington, DC 20500", "[removed]"],
    ["Hauptstraße 12, 10115 Berlin", "[removed]"],
    ["12 rue de Rivoli, 75001 Paris", "[removed]"],
    ["Calle Mayor 5, Madrid", "[removed]"],
    ["London SW1A 1AA", "London [removed]"],
    ["Austin, TX 78701", "Austin, [removed]"],
    ["Toronto, ON M5V 2T6", "Toronto, ON [removed]"],
  ])("removes %s", (line, expected) => {
    expect(blindText(line, { ...nobody, name: "Jane Doe" })).toBe(expected);
  });

  it.each(["Led 4 engineers across 3 Teams", "Resolved a 3 way merge", "Moved 12 services to Kubernetes", "Spring 2019: shipped 2 products"])(
    "keeps ordinary prose: %s",
    (text) => {
      expect(blindText(text, nobody)).toBe(text);
    },
  );
});

describe("blindText: names", () => {
  it("removes each part of the name on word boundaries, case-insensitively", () => {
    const person = { ...nobody, name: "Ian Mark" };
    expect(blindText("IAN MARK\nIan led Brian's team; Mark's market analysis; ian, mark.", person)).toBe(
      "[removed]\n[removed] led Brian's team; [removed]'s market analysis; [removed].",
    );
  });

  it("tolerates accents either way and apostrophe variants", () => {
    expect(blindText("JOSE ALVAREZ — José wrote; Álvarez reviewed", { ...nobody, name: "José Álvarez" })).toBe("[removed] — [removed] wrote; [removed] reviewed");
    expect(blindText("Zoe Muller", { ...nobody, name: "Zoë Müller" })).toBe("[removed]");
    expect(blindText("O’Neill, ONeill and Neill", { ...nobody, name: "Marcus O'Neill" })).toBe("[removed] and [removed]");
  });

  it("removes hyphenated parts alone but not particles or one-letter initials", () => {
    const person = { ...nobody, name: "Jean-Luc de la Fontaine" };
    expect(blindText("Jean-Luc de la Fontaine\nLuc worked de facto in La Paz, plan A", person)).toBe("[removed]\n[removed] worked de facto in La Paz, plan A");
    expect(blindText("J. R. Smith\nJ R team lead", { ...nobody, name: "J. R. Smith" })).toBe("[removed]\nJ R team lead");
  });

  it("also removes the names of every person given", () => {
    expect(blindText("Priya and Marcus", [priya, marcus])).toBe("[removed] and [removed]");
  });
});

describe("blindText: pronouns and titles", () => {
  it("makes gendered pronouns neutral, keeping their case", () => {
    expect(blindText("He led his team; she promoted him and praised her team. HER code was hers. Ask her.", nobody)).toBe(
      "They led their team; they promoted them and praised their team. THEIR code was theirs. Ask them.",
    );
  });

  it("gives the same text for him and her", () => {
    const his = "Mr. Doe joined in 2019. He's led his team of five since; we promoted him. The idea was his.";
    const hers = "Ms. Doe joined in 2019. She's led her team of five since; we promoted her. The idea was hers.";
    const person = { ...nobody, name: "Doe" };
    expect(blindText(his, person)).toBe(blindText(hers, person));
    expect(blindText(his, person)).toBe("Mx [removed] joined in 2019. They're led their team of five since; we promoted them. The idea was theirs.");
  });

  it("leaves words that contain pronouns alone", () => {
    expect(blindText("The theme: other heroes, shell, hiss, MS Office", nobody)).toBe("The theme: other heroes, shell, hiss, MS Office");
  });
});

describe("blindText: hostile input", () => {
  it.each([
    ["a-", 50_000],
    ["1.", 50_000],
    ["a@", 50_000],
    ["1 ", 50_000],
    ["12 Abc Abc Abc ", 10_000],
    ["BSc 2019, Abc Abc College of Abc\n", 10_000],
    ["EDUCATION\nAbc Abc Abc Abc Abc University 1999 2000\n", 5_000],
  ])("blinds %j × %i in linear time", (unit, times) => {
    // Linear, not fast: a wall-clock limit fails on a loaded CI machine, while a regex that backtracks
    // shows as growth. Sixteen times the input takes ~16× as long when linear and ~256× when quadratic;
    // the bound (64×) leaves 4× either side for load, which disturbed a 4×-size version of this test to
    // 11× with two suites and a CI run beside it. A warm-up (the JIT) and the best of interleaved runs
    // keep a burst of load elsewhere from deciding.
    const person = { name: "Marcus O'Neill", email: null, phone: "+442079460958", linkedin: null };
    const small = unit.repeat(times / 16);
    const large = unit.repeat(times);
    // CPU time of this process, not wall time: two suites side by side stretched the wall-clock ratio of
    // this very test to 69× (load 10 on 2 cores) while the work was linear. Microseconds.
    const time = (text: string) => {
      const started = process.cpuUsage();
      blindText(text, person);
      const used = process.cpuUsage(started);
      return used.user + used.system;
    };
    time(small);
    let smallBest = Infinity;
    let largeBest = Infinity;
    for (let round = 0; round < 4; round++) {
      smallBest = Math.min(smallBest, time(small));
      largeBest = Math.min(largeBest, time(large));
    }
    expect(largeBest / Math.max(smallBest, 1000)).toBeLessThan(64);
  });
});
