import { PDFParse } from "pdf-parse";
import { describe, expect, it } from "vitest";
import { DEFAULT_LETTER_TEMPLATE } from "../../src/modules/offer/contract/index.ts";
import { appendSignaturePage, LETTER_HTML_MAX, type LetterMeta, renderLetterPdf, sha256Hex } from "../../src/modules/offer/letter/pdf.ts";
import { type LetterFacts, letterValues, renderLetterHtml } from "../../src/modules/offer/letter/render-html.ts";

/**
 * The offer letter PDF (letter/pdf.ts): what a candidate reads and signs. Read back with pdf-parse, the
 * way a search index or a reader's copy-paste sees it, so "appears" means real text, not pixels.
 */
const META: LetterMeta = { title: "Offer: Senior Backend Engineer", companyName: "Acme & Co", createdAt: new Date("2027-01-10T09:00:00Z") };

const FACTS: LetterFacts = {
  candidateName: "Łukasz Żółć",
  companyName: "Acme & Co",
  jobTitle: "Senior Backend Engineer",
  startDate: "2027-03-01",
  salary: { amount: 85_000, currency: "EUR", period: "year" },
  expiresAt: new Date("2027-02-15T17:00:00Z"),
};

async function read(bytes: Uint8Array): Promise<{ text: string; pages: string[] }> {
  // pdf.js takes the buffer over; a copy keeps the caller's bytes intact.
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  try {
    const result = await parser.getText();
    return { text: result.text, pages: result.pages.map((page) => page.text) };
  } finally {
    await parser.destroy();
  }
}

const letter = (facts: Partial<LetterFacts> = {}, template = DEFAULT_LETTER_TEMPLATE) => renderLetterHtml(template, letterValues({ ...FACTS, ...facts }));

describe("renderLetterPdf", () => {
  it("holds the default letter as text: name, job title, start date, salary, expiry", async () => {
    const bytes = await renderLetterPdf(letter(), META);
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe("%PDF-");
    const { text, pages } = await read(bytes);
    expect(pages).toHaveLength(1);
    for (const part of ["Offer of employment", "Dear Łukasz Żółć,", "Senior Backend Engineer", "1 March 2027", "EUR 85,000 per year", "15 February 2027, 17:00 UTC", "Acme & Co"]) {
      expect(text).toContain(part);
    }
    // Bold label and regular value are two runs on the line; the text layer keeps the word space.
    expect(text).toContain("Salary: EUR 85,000 per year");
    expect(text).toContain("Acme & Co · Page 1 of 1");
  });

  it("writes international names as text (Latin Extended, Cyrillic, Greek, Arabic)", async () => {
    for (const name of ["Иван Петров", "Zoë Ångström", "Αλέξανδρος Παπαδόπουλος", "محمد"]) {
      const { text } = await read(await renderLetterPdf(letter({ candidateName: name }), META));
      expect(text).toContain(`Dear ${name},`);
    }
  });

  it("shows a visible placeholder for characters the font lacks, and never fails on them", async () => {
    const { text } = await read(await renderLetterPdf(letter({ candidateName: "李雷 Li Lei 🙂" }), META));
    expect(text).toContain("Dear \uFFFD\uFFFD Li Lei \uFFFD,");
  });

  it("prints a candidate named like markup as literal text", async () => {
    const { text } = await read(await renderLetterPdf(letter({ candidateName: "<script>alert(1)</script>" }), META));
    expect(text).toContain("Dear <script>alert(1)</script>,");
  });

  it("decodes entities, keeps unknown tags' text, and drops script, style, head, template, iframe, object and comments", async () => {
    const html = [
      "<html><head><title>Secret title</title><style>.x { color: red }</style></head><body>",
      "<p>Smith &amp; Sons &lt;b&gt; caf&eacute; &#8364;5 &nbsp;ok</p>",
      "<custom-tag>Kept text</custom-tag> <marquee>also kept</marquee> <constructor>and this</constructor>",
      "<script>var leaked = 'script body'</script><!-- a hidden comment -->",
      "<template><p>template body</p></template><iframe>iframe body</iframe><object><param name=a>object body</object>",
      "<noscript>noscript body</noscript><p>After <a href=\"https://example.com\">the link</a>.</p></body></html>",
    ].join("");
    const { text } = await read(await renderLetterPdf(html, META));
    expect(text).toContain("Smith & Sons <b> café €5");
    expect(text).toContain("Kept text also kept and this");
    expect(text).toContain("After the link.");
    for (const hidden of ["Secret title", "color", "leaked", "script body", "hidden comment", "template body", "iframe body", "object body", "noscript body", "example.com"]) {
      expect(text).not.toContain(hidden);
    }
  });

  it("lays out headings, lists, rules and table rows", async () => {
    const html =
      "<h2>Terms</h2><ol><li>First</li><li>Second<ul><li>Nested</li></ul></li></ol><hr><table><tr><th>Base</th><td>EUR 85,000</td></tr><tr><td>Bonus</td><td>EUR 10,000</td></tr></table><p>Line one<br>Line two</p>";
    const { text } = await read(await renderLetterPdf(html, META));
    const lines = text.split("\n").map((line) => line.trim());
    expect(lines).toEqual(expect.arrayContaining(["Terms", "1. First", "2. Second", "• Nested", "Line one", "Line two"]));
    expect(lines.some((line) => /^Base\s+EUR 85,000$/.test(line))).toBe(true);
    expect(lines.some((line) => /^Bonus\s+EUR 10,000$/.test(line))).toBe(true);
  });

  it("paginates a long letter without losing text, with page numbers", async () => {
    const paragraphs = Array.from({ length: 120 }, (_, i) => `<p>Paragraph ${i + 1}: the terms of this offer are set out in full so that nothing is left unsaid.</p>`);
    const { text, pages } = await read(await renderLetterPdf(paragraphs.join(""), META));
    expect(pages.length).toBeGreaterThan(1);
    for (let i = 1; i <= 120; i++) expect(text).toContain(`Paragraph ${i}: the terms`);
    expect(pages[0]).toContain(`Acme & Co · Page 1 of ${pages.length}`);
    expect(pages.at(-1)).toContain(`Page ${pages.length} of ${pages.length}`);
  });

  it("wraps a word longer than the line instead of running off the page", async () => {
    const url = `https://example.com/${"a".repeat(400)}`;
    const { text } = await read(await renderLetterPdf(`<p>${url}</p>`, META));
    expect(text.replace(/\s+/g, "")).toContain(url);
    expect(text.split("\n").filter((line) => line.includes("aaaa")).length).toBeGreaterThan(3);
  });

  it("gives the same bytes for the same input and creation date, whatever was rendered before", async () => {
    const first = await renderLetterPdf(letter(), META);
    // "Ż" is drawn from a composite glyph that contains "Z": rendering it must not change later letters.
    await renderLetterPdf(letter({ candidateName: "Żaneta Źdźbło" }), META);
    const again = await renderLetterPdf(letter(), META);
    expect(sha256Hex(again)).toBe(sha256Hex(first));
    const other = await renderLetterPdf(letter(), { ...META, createdAt: new Date("2027-01-11T09:00:00Z") });
    expect(sha256Hex(other)).not.toBe(sha256Hex(first));
    const { text } = await read(await renderLetterPdf("<p>Zebra Ż Z</p>", META));
    expect(text).toContain("Zebra Ż Z");
  });

  it("refuses HTML over the bound and letters over 30 pages, with plain errors", async () => {
    await expect(renderLetterPdf(`<p>${"x".repeat(LETTER_HTML_MAX)}</p>`, META)).rejects.toThrow(/characters of HTML; at most 80000/);
    const huge = Array.from({ length: 1_400 }, (_, i) => `<p>Line ${i}</p>`).join("");
    await expect(renderLetterPdf(huge, META)).rejects.toThrow("The letter is longer than 30 pages");
  });

  it("survives deep nesting (8,700 open elements, just under the HTML bound)", async () => {
    const html = `${"<div><b><i>".repeat(2_900)}deep text${"</i></b></div>".repeat(2_900)}<ul>${"<li><ul>".repeat(200)}deep item${"</ul></li>".repeat(200)}</ul>`;
    expect(html.length).toBeLessThan(LETTER_HTML_MAX);
    const { text } = await read(await renderLetterPdf(html, META));
    expect(text).toContain("deep text");
    expect(text).toContain("deep item");
  });
});

describe("appendSignaturePage", () => {
  const signature = { name: "Иван Петров", signedAt: new Date("2027-01-20T14:30:00Z"), ip: "203.0.113.9", userAgent: "Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0" };

  it("keeps the letter's pages and adds a page with the name, time, IP, user agent and hash", async () => {
    const bytes = await renderLetterPdf(letter({ candidateName: "Иван Петров" }), META);
    const documentSha256 = sha256Hex(bytes);
    const signed = await appendSignaturePage(bytes, { ...signature, documentSha256 });
    const original = await read(bytes);
    const { pages } = await read(signed);
    expect(pages).toHaveLength(original.pages.length + 1);
    expect(pages.slice(0, -1)).toEqual(original.pages);
    const last = pages.at(-1)!;
    for (const part of ["Electronic signature", "Signed by: Иван Петров", "2027-01-20T14:30:00.000Z (20 January 2027, 14:30 UTC)", "IP address: 203.0.113.9", "User agent: Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0", documentSha256]) {
      expect(last).toContain(part);
    }
    expect(sha256Hex(await appendSignaturePage(bytes, { ...signature, documentSha256 }))).toBe(sha256Hex(signed));
  });

  it("says when IP and user agent were not recorded", async () => {
    const bytes = await renderLetterPdf(letter(), META);
    const signed = await appendSignaturePage(bytes, { ...signature, ip: null, userAgent: null, documentSha256: sha256Hex(bytes) });
    const { pages } = await read(signed);
    expect(pages.at(-1)).toContain("IP address: not recorded");
    expect(pages.at(-1)).toContain("User agent: not recorded");
  });

  it("refuses a letter that is not the document whose hash was signed", async () => {
    const bytes = await renderLetterPdf(letter(), META);
    await expect(appendSignaturePage(bytes, { ...signature, documentSha256: "0".repeat(64) })).rejects.toThrow("not the document");
    await expect(appendSignaturePage(bytes, { ...signature, documentSha256: "nope" })).rejects.toThrow("64 lower-case hex");
  });
});

describe("sha256Hex", () => {
  it("is the SHA-256 of the bytes in lower-case hex", () => {
    expect(sha256Hex(new TextEncoder().encode("abc"))).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  });
});
