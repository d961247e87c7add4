import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { extractResume, ResumeRejectedError } from "../../src/resume/index.ts";
import { docxWith, FIXTURE_PEOPLE, fixture, longPdf } from "./helpers.ts";
import { FIXTURE_NOW, FIXTURE_STRUCTURE, structureOf } from "./structure.ts";

const PARSERS = { pdf: "pdf-parse", docx: "mammoth", doc: "word-extractor" } as const;

describe("extractResume on the fixtures", () => {
  const cases = FIXTURE_PEOPLE.flatMap((person) =>
    (["pdf", "docx", "doc"] as const).map((ext) => ({ ...person, ext, file: `${person.stem}.${ext}` })),
  );

  it.each(cases)("$file gives the documented fields", async ({ file, ext, stem, ...expected }) => {
    const result = await extractResume(fixture(file), { now: FIXTURE_NOW });
    expect({
      name: result.name,
      email: result.email,
      phone: result.phone,
      location: result.location,
      linkedin: result.linkedin,
    }).toEqual(expected);
    expect(result.parser).toBe(PARSERS[ext]);
    expect(result.skills.length).toBeGreaterThanOrEqual(4);
    expect(result.text_excerpt).toContain(expected.email);
    expect(result.text_excerpt.length).toBeLessThanOrEqual(1000);
    expect(Date.parse(result.parsed_at)).not.toBeNaN();
    // Every format of one resume gives the same structure (the parsers differ in dashes and line wrapping).
    expect(structureOf(result)).toEqual(FIXTURE_STRUCTURE[stem]);
  });
});

describe("extractResume", () => {
  it("parses a 50-page PDF whose contact details are on page 1", async () => {
    const started = performance.now();
    const result = await extractResume(await longPdf(50));
    expect(result).toMatchObject({
      name: "Dana Whitfield",
      email: "dana.whitfield@example.com",
      phone: "+14155552671",
      location: "San Francisco, CA",
      linkedin: "https://www.linkedin.com/in/dana-whitfield",
      parser: "pdf-parse",
    });
    expect(performance.now() - started).toBeLessThan(10_000);
  });

  it("refuses PDFs over the page limit", async () => {
    const rejection = await extractResume(await longPdf(101)).catch((error: unknown) => error);
    expect(rejection).toBeInstanceOf(ResumeRejectedError);
    expect((rejection as ResumeRejectedError).reason).toBe("too_many_pages");
    await expect(extractResume(await longPdf(12), { maxPages: 10 })).rejects.toMatchObject({ reason: "too_many_pages" });
  });

  it("leaves the caller's bytes intact (the worker gets a transferred copy)", async () => {
    const bytes = fixture("priya-raman.pdf");
    const before = bytes.slice();
    await extractResume(bytes);
    expect(bytes.byteLength).toBe(before.byteLength);
    expect(bytes).toEqual(before);
  });

  it("counts ongoing jobs up to the `now` option", async () => {
    const later = await extractResume(fixture("marcus-oneill.docx"), { now: new Date("2026-06-15T00:00:00Z") });
    expect(later.total_experience_years).toBe(10.5);
    const today = await extractResume(fixture("marcus-oneill.docx"));
    expect(today.total_experience_years).toBeGreaterThanOrEqual(9.5);
  });

  it("uses defaultRegion for national phone numbers when the resume's location names no country", async () => {
    const docx = docxWith("Oliver Brown\nTel: 0161 496 0123 | oliver@example.co.uk");
    expect((await extractResume(docx, { defaultRegion: "GB" })).phone).toBe("+441614960123");
    expect((await extractResume(docx)).phone).toBeNull();
    // With "Manchester, UK" in the header the number is British whatever the default.
    const located = docxWith("Oliver Brown\nManchester, UK\nTel: 0161 496 0123 | oliver@example.co.uk");
    expect((await extractResume(located)).phone).toBe("+441614960123");
  });

  it("rejects documents without text", async () => {
    const blank = await PDFDocument.create();
    blank.addPage();
    await expect(extractResume(await blank.save())).rejects.toMatchObject({ name: "ResumeRejectedError", reason: "no_text" });
    await expect(extractResume(docxWith(" \n "))).rejects.toMatchObject({ reason: "no_text" });
  });
});
