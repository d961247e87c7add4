import { MockLanguageModelV3 } from "ai/test";
import { describe, expect, it } from "vitest";
import { blindResume, scoreCandidate, scoreWithModel, type ScreeningInput } from "../../src/modules/screening/engine/index.ts";
import { inputFor, MARCUS_DATA, MARCUS_TEXT, PRIYA_DATA, PRIYA_TEXT } from "./fixtures.ts";

/**
 * Counterfactual fairness (issue 25 §5): the same resume under names from several groups, with the
 * pronouns swapped and identity markers added — a women's college, an HBCU, a graduation year, a
 * photo link, a home address with a postal code — must be judged the same. The local engine's
 * results are identical (its blind text is, byte for byte), and a language model (the AI SDK's
 * mock) is sent none of the markers.
 */

interface Person {
  name: string;
  email: string;
  slug: string;
}

const PEOPLE: Person[] = [
  { name: "Lakisha Washington", email: "lakisha.washington@example.com", slug: "lakishaw" },
  { name: "Emily Walsh", email: "emily.walsh@example.com", slug: "emily-walsh" },
  { name: "Jamal Jones", email: "jjones@example.net", slug: "jamaljones" },
  { name: "Greg Baker", email: "greg@baker.example", slug: "greg-baker-88" },
  { name: "José García", email: "jose.garcia@example.es", slug: "josegarcia" },
  { name: "Aisha Mohammed", email: "aisha.m@example.org", slug: "aisha-mohammed" },
  { name: "Nguyen Thi Mai", email: "mai.nguyen@example.vn", slug: "nguyenthimai" },
  { name: "Wei Zhang", email: "wei.zhang@example.cn", slug: "weizhang" },
];

/** The sentence a recruiter writes about the person, in each grammatical gender. */
const PRONOUNS = [
  "She led a team of four engineers and mentored her colleagues; the team promoted her twice.",
  "He led a team of four engineers and mentored his colleagues; the team promoted him twice.",
  "They led a team of four engineers and mentored their colleagues; the team promoted them twice.",
];

/** Where and when the person studied: women's colleges, HBCUs and others, each with its year. */
const SCHOOLS = [
  { line: "BA Economics, Spelman College, 2004", markers: ["Spelman", "2004"] },
  { line: "BA Economics, Wellesley College, 1988", markers: ["Wellesley", "1988"] },
  { line: "BA Economics, Howard University, 2012", markers: ["Howard", "2012"] },
  { line: "BA Economics, Morehouse College, 1995", markers: ["Morehouse", "1995"] },
  { line: "BA Economics, Mississippi University for Women, 2001", markers: ["Mississippi", "Women", "2001"] },
  { line: "BA Economics, Texas Woman's University, 1979", markers: ["Texas", "Woman's", "1979"] },
  { line: "BA Economics, University of Leeds, 2010", markers: ["Leeds", "2010"] },
];

const ADDRESSES = [
  { line: "14 Elm Street, Chicago, IL 60614", markers: ["Elm Street", "Chicago", "60614"] },
  { line: "221B Baker Street, London NW1 6XE", markers: ["Baker Street", "NW1 6XE"] },
  { line: "Hauptstraße 12, 10115 Berlin", markers: ["Hauptstraße", "10115"] },
];

interface Variant {
  input: ScreeningInput;
  /** What must not reach an engine. */
  markers: string[];
}

/** One resume of a fixture as another person would send it. */
function variant(who: "marcus" | "priya", i: number): Variant {
  const person = PEOPLE[i % PEOPLE.length]!;
  const school = SCHOOLS[i % SCHOOLS.length]!;
  const address = ADDRESSES[i % ADDRESSES.length]!;
  const photo = `https://photos.example.com/${person.slug}.jpg`;
  const base = who === "marcus" ? MARCUS_TEXT : PRIYA_TEXT;
  const data = who === "marcus" ? MARCUS_DATA : PRIYA_DATA;
  const original = { name: data.name, email: data.email, slug: who === "marcus" ? "marcus-oneill" : "priyaraman" };

  let text = base.replaceAll(original.name, person.name).replaceAll(original.email, person.email).replaceAll(original.slug, person.slug);
  // Contact block: the home address and a photo link under the name.
  text = text.replace(`${person.name}\n`, `${person.name}\nHome: ${address.line}\nPhoto: ${photo}\n`);
  // The summary gains a sentence with pronouns; the education section the school and its year.
  text = who === "marcus" ? text.replace("logistics platforms.\n", `logistics platforms.\n${PRONOUNS[i % PRONOUNS.length]}\n`) : text.replace("healthcare and fintech.\n", `healthcare and fintech.\n${PRONOUNS[i % PRONOUNS.length]}\n`);
  text = who === "marcus" ? `${text}${school.line}\n` : `${text}\nEducation\n${school.line}\n`;

  const [first, ...rest] = person.name.split(" ");
  return {
    input: inputFor(who, {
      resume: { text, data: { ...data, name: person.name, email: person.email, linkedin: `https://www.linkedin.com/in/${person.slug}` } },
      person: { name: person.name, email: person.email, phone: data.phone, linkedin: `https://www.linkedin.com/in/${person.slug}` },
    }),
    markers: [first!, ...rest, person.email, person.slug, "photos.example.com", ...school.markers, ...address.markers],
  };
}

const VARIANTS = 14;
const variants = (who: "marcus" | "priya") => Array.from({ length: VARIANTS }, (_, i) => variant(who, i));

/** Each marker as a whole word (case-insensitive), and the gendered pronouns. */
function leaks(prompt: string, markers: string[]): string[] {
  const found = markers.filter((m) => new RegExp(`(?<![\\p{L}\\p{N}])${m.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?![\\p{L}\\p{N}])`, "iu").test(prompt));
  for (const pronoun of ["she", "he", "her", "his", "him", "hers"]) if (new RegExp(`\\b${pronoun}\\b`, "i").test(prompt)) found.push(pronoun);
  return found;
}

describe.each(["marcus", "priya"] as const)("counterfactual variants of %s's resume", (who) => {
  it("the variants really differ in every marker (the test's own premise)", () => {
    const all = variants(who);
    for (const { input, markers } of all) {
      for (const marker of markers) expect(input.resume.text!.toLowerCase(), marker).toContain(marker.toLowerCase());
    }
    expect(new Set(all.map((v) => v.input.resume.text)).size).toBe(VARIANTS);
  });

  it("the local engine reads the same blind text and gives the same results for every variant", async () => {
    const all = variants(who);
    const blind = all.map((v) => blindResume(v.input));
    expect(new Set(blind).size, blind[0]).toBe(1);
    for (const { markers } of all) expect(leaks(blind[0]!, markers)).toEqual([]);

    const outcomes = await Promise.all(all.map((v) => scoreCandidate(v.input, null)));
    const first = outcomes[0]!;
    expect(first.engine).toBe("local");
    for (const outcome of outcomes) {
      expect(outcome.fitScore).toBe(first.fitScore);
      expect(outcome.inputHash).toBe(first.inputHash);
      expect(outcome.criteria).toEqual(first.criteria);
    }
  });

  it("a language model is sent none of the markers, and the same prompt for every variant", async () => {
    const prompts: string[] = [];
    for (const { input, markers } of variants(who)) {
      const model = new MockLanguageModelV3({
        modelId: "mock-model",
        doGenerate: async () => ({
          content: [{ type: "text", text: JSON.stringify({ results: [] }) }],
          finishReason: { unified: "stop", raw: "stop" },
          usage: { inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined }, outputTokens: { total: 1, text: 1, reasoning: undefined } },
          warnings: [],
        }),
      });
      await scoreWithModel(input, { model, modelId: "mock/model" }).catch(() => undefined);
      expect(model.doGenerateCalls.length).toBeGreaterThan(0);
      const prompt = JSON.stringify(model.doGenerateCalls.map((c) => c.prompt));
      expect(leaks(prompt, markers)).toEqual([]);
      prompts.push(prompt);
    }
    expect(new Set(prompts).size).toBe(1);
  });
});
