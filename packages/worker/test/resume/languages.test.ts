import { describe, expect, it } from "vitest";
import { findLanguages, parseLanguages, splitSections } from "../../src/resume/index.ts";
import { toLines } from "../../src/resume/text.ts";
import { cpuMs } from "./helpers.ts";

function languagesOf(text: string): string[] {
  return findLanguages(splitSections(toLines(text)));
}

describe("parseLanguages", () => {
  it("reads lists with levels", () => {
    expect(parseLanguages("English (native), German (B2)")).toEqual(["English", "German"]);
    expect(parseLanguages("Spanish – fluent; French: basic | Portuguese / Italian")).toEqual(["Spanish", "French", "Portuguese", "Italian"]);
    expect(parseLanguages("Fluent in English and conversational in Japanese")).toEqual(["English", "Japanese"]);
    expect(parseLanguages("Norwegian Bokmål, Mandarin Chinese, Farsi")).toEqual(["Norwegian Bokmål", "Mandarin", "Persian"]);
  });

  it("knows languages by their own names and drops duplicates", () => {
    expect(parseLanguages("Deutsch (Muttersprache), français, English, english")).toEqual(["German", "French", "English"]);
  });

  it("keeps programming languages and other words out", () => {
    expect(parseLanguages("Go, Java, Python, TypeScript, Rust, SQL")).toEqual([]);
    expect(parseLanguages("Native, fluent, B2")).toEqual([]);
  });
});

describe("findLanguages", () => {
  it("reads a Languages section", () => {
    expect(languagesOf("Jane Doe\nLanguages\n• English – native\n• German – B2\nInterests\nFrench cinema")).toEqual(["English", "German"]);
  });

  it("reads a Languages: line outside a skills list", () => {
    expect(languagesOf("Jane Doe\nLanguages: English (native), German (B2)\nExperience\nDev, Acme, 2019")).toEqual(["English", "German"]);
    expect(languagesOf("Personal details\nSpoken languages: Polish, Czech")).toEqual(["Polish", "Czech"]);
  });

  it("does not count a Languages: sub-label inside skills", () => {
    expect(languagesOf("Skills\nLanguages: Go, Java, Dutch\nFrameworks: React")).toEqual([]);
    expect(languagesOf("Technical Skills\nLanguages: English, Go")).toEqual([]);
  });

  it("is empty when no languages are stated", () => {
    expect(languagesOf("Jane Doe\nExperience\nTranslator, Acme, 2019 – 2020. Translated German manuals.")).toEqual([]);
  });

  it("returns at most 20 languages and stays fast on hostile input", () => {
    const all = "English, German, French, Spanish, Italian, Dutch, Polish, Czech, Slovak, Hungarian, Romanian, Bulgarian, Greek, Turkish, Arabic, Hebrew, Hindi, Urdu, Bangla, Tamil, Telugu, Thai";
    expect(languagesOf(`Languages\n${all}`)).toHaveLength(20);
    const started = process.cpuUsage(); // CPU time: wall time on a loaded machine measures the neighbours
    languagesOf(`Languages\n${"English, ".repeat(20_000)}\n${"!".repeat(50_000)}\n${"a ".repeat(20_000)}`);
    expect(cpuMs(process.cpuUsage(started))).toBeLessThan(1000);
  });
});
