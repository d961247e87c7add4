import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { detectResumeType } from "../../src/resume/index.ts";
import { cpuMs, docxWith, fixture, plainZip } from "./helpers.ts";

describe("detectResumeType", () => {
  it.each([
    ["marcus-oneill.pdf", "pdf"],
    ["priya-raman.pdf", "pdf"],
    ["marcus-oneill.docx", "docx"],
    ["priya-raman.docx", "docx"],
    ["marcus-oneill.doc", "doc"],
    ["priya-raman.doc", "doc"],
  ] as const)("recognises %s as %s by its bytes", (file, type) => {
    expect(detectResumeType(fixture(file))).toBe(type);
  });

  it("recognises a generated DOCX and a view into a larger buffer", () => {
    expect(detectResumeType(docxWith("Jane Doe"))).toBe("docx");
    const docx = fixture("priya-raman.docx");
    const padded = new Uint8Array(docx.length + 100);
    padded.set(docx, 37);
    expect(detectResumeType(padded.subarray(37, 37 + docx.length))).toBe("docx");
  });

  it("returns null for a ZIP that is not a DOCX", () => {
    expect(detectResumeType(plainZip())).toBeNull();
  });

  it("returns null for text, empty and short inputs", () => {
    expect(detectResumeType(new Uint8Array(0))).toBeNull();
    expect(detectResumeType(new TextEncoder().encode("%PD"))).toBeNull();
    expect(detectResumeType(new TextEncoder().encode("Jane Doe\njane@example.com\n"))).toBeNull();
    expect(detectResumeType(new TextEncoder().encode("PK\x03\x04"))).toBeNull();
  });

  it("returns null for a DOCX whose central directory is cut off", () => {
    const docx = fixture("priya-raman.docx");
    expect(detectResumeType(docx.subarray(0, docx.length - 30))).toBeNull();
    expect(detectResumeType(docx.subarray(0, docx.length >> 1))).toBeNull();
  });

  it("never throws on garbage, including garbage that starts like a ZIP", () => {
    const zipLike = fc.uint8Array({ maxLength: 2048 }).map((tail) => new Uint8Array([0x50, 0x4b, 0x03, 0x04, ...tail]));
    // A fake end-of-central-directory record with random counts and offsets.
    const fakeDirectory = fc
      .tuple(fc.uint8Array({ maxLength: 512 }), fc.uint8Array({ minLength: 18, maxLength: 18 }))
      .map(([body, record]) => new Uint8Array([0x50, 0x4b, 0x03, 0x04, ...body, 0x50, 0x4b, 0x05, 0x06, ...record]));
    fc.assert(
      fc.property(fc.oneof(fc.uint8Array({ maxLength: 4096 }), zipLike, fakeDirectory), (bytes) => {
        const type = detectResumeType(bytes);
        expect(type === null || type === "pdf" || type === "doc" || type === "docx").toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it("is fast on a large input (reads headers and the ZIP directory only)", () => {
    const big = new Uint8Array(10 * 1024 * 1024);
    big.set([0x50, 0x4b, 0x03, 0x04]);
    // CPU time, not wall time: on a loaded machine wall time measures the neighbours.
    const started = process.cpuUsage();
    expect(detectResumeType(big)).toBeNull();
    expect(cpuMs(process.cpuUsage(started))).toBeLessThan(100);
  });
});
