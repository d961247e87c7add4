import { describe, expect, it } from "vitest";
import {
  DEFAULT_LETTER_TEMPLATE,
  formatLetterDate,
  formatLetterDateTime,
  formatMoney,
  LETTER_PLACEHOLDERS,
  LETTER_TEMPLATE_MAX,
  letterTemplateSchema,
  unknownLetterPlaceholders,
} from "../../src/modules/offer/contract/index.ts";
import { type LetterFacts, letterValues, renderLetterHtml } from "../../src/modules/offer/letter/render-html.ts";

/** The offer letter's template (Settings → Offers): placeholders, formats, checks and the HTML filled from an offer. */
const FACTS: LetterFacts = {
  candidateName: "Zoë Ångström",
  companyName: "Acme & Co",
  jobTitle: "Senior Backend Engineer",
  startDate: "2027-03-01",
  salary: { amount: 85_000, currency: "EUR", period: "year" },
  expiresAt: new Date("2027-02-15T17:00:00Z"),
};

const REQUIRED = ["candidate.name", "job.title", "offer.start_date", "offer.salary", "offer.expires_at"];

describe("letter placeholders", () => {
  it("are exactly the nine the issue names", () => {
    expect(Object.keys(LETTER_PLACEHOLDERS).sort()).toEqual(
      ["candidate.first_name", "candidate.name", "company.name", "job.title", "offer.bonus", "offer.equity", "offer.expires_at", "offer.salary", "offer.start_date"].sort(),
    );
  });

  it("reports unknown names once each, in order, with the e-mail templates' syntax (spaces inside the braces allowed)", () => {
    expect(unknownLetterPlaceholders("{{candidate.name}} {{offer.salry}} {{ offer.salry }} {{foo}} {{ job.title }}")).toEqual(["offer.salry", "foo"]);
    expect(unknownLetterPlaceholders("{{constructor}} {{__proto__}} {{candidate_name}}")).toEqual(["constructor", "__proto__", "candidate_name"]);
    expect(unknownLetterPlaceholders(DEFAULT_LETTER_TEMPLATE)).toEqual([]);
  });
});

describe("letterTemplateSchema", () => {
  it("accepts the default template and trims", () => {
    expect(letterTemplateSchema.parse(`  ${DEFAULT_LETTER_TEMPLATE}\n`)).toBe(DEFAULT_LETTER_TEMPLATE);
  });

  it("refuses empty, too long and NUL", () => {
    expect(letterTemplateSchema.safeParse("   ").error?.issues[0]?.message).toBe("Required");
    expect(letterTemplateSchema.safeParse("x".repeat(LETTER_TEMPLATE_MAX + 1)).error?.issues[0]?.message).toBe(`Must be at most ${LETTER_TEMPLATE_MAX} characters`);
    expect(letterTemplateSchema.safeParse("<p>a\u0000b</p>").success).toBe(false);
  });

  it("refuses an unknown placeholder in plain words that list the known ones", () => {
    const message = letterTemplateSchema.safeParse("<p>{{offer.salry}}</p>").error?.issues[0]?.message;
    expect(message).toMatch(/^Unknown placeholder \{\{offer\.salry\}\}: use one of \{\{candidate\.name\}\}, /);
    for (const name of Object.keys(LETTER_PLACEHOLDERS)) expect(message).toContain(`{{${name}}}`);
    expect(letterTemplateSchema.safeParse("{{a}} {{b}}").error?.issues[0]?.message).toMatch(/^Unknown placeholders \{\{a\}\}, \{\{b\}\}: use one of/);
  });
});

describe("formatMoney", () => {
  it("writes the currency code, en-US grouping and the period", () => {
    expect(formatMoney({ amount: 85_000, currency: "EUR", period: "year" })).toBe("EUR 85,000 per year");
    expect(formatMoney({ amount: 40, currency: "USD", period: "hour" })).toBe("USD 40 per hour");
    expect(formatMoney({ amount: 5_000, currency: "GBP", period: "month" })).toBe("GBP 5,000 per month");
    expect(formatMoney({ amount: 10_000, currency: "EUR" })).toBe("EUR 10,000");
    expect(formatMoney({ amount: 10_000, currency: "EUR", period: null })).toBe("EUR 10,000");
    expect(formatMoney({ amount: 1_234_567, currency: "jpy", period: "year" })).toBe("JPY 1,234,567 per year");
    expect(formatMoney({ amount: 0, currency: "CHF" })).toBe("CHF 0");
    expect(formatMoney({ amount: 40.5, currency: "USD", period: "hour" })).toBe("USD 40.50 per hour");
  });

  it("refuses a non-number", () => {
    expect(() => formatMoney({ amount: Number.NaN, currency: "EUR" })).toThrow(RangeError);
  });
});

describe("letter dates", () => {
  it("writes a calendar day as read, without a time zone", () => {
    expect(formatLetterDate("2027-03-01")).toBe("1 March 2027");
    expect(formatLetterDate("2028-12-31")).toBe("31 December 2028");
    expect(formatLetterDate("2028-02-29")).toBe("29 February 2028");
  });

  it("gives back what is not a real day, so a half-typed preview never throws", () => {
    expect(formatLetterDate("2027-02-29")).toBe("2027-02-29");
    expect(formatLetterDate("2027-13-01")).toBe("2027-13-01");
    expect(formatLetterDate("next Monday")).toBe("next Monday");
  });

  it("writes an instant in UTC or the company's zone", () => {
    expect(formatLetterDateTime("2027-03-01T17:00:00Z")).toBe("1 March 2027, 17:00 UTC");
    expect(formatLetterDateTime(new Date("2027-03-01T17:00:00Z"), "UTC")).toBe("1 March 2027, 17:00 UTC");
    expect(formatLetterDateTime("2027-03-01T17:00:00Z", "Europe/Berlin")).toBe("1 March 2027, 18:00 CET");
    expect(formatLetterDateTime("2027-03-01T17:00:00Z", "Asia/Tokyo")).toBe("2 March 2027, 02:00 GMT+9");
    expect(formatLetterDateTime("2027-03-01T17:00:00Z", "Not/A_Zone")).toBe("1 March 2027, 17:00 UTC");
    expect(formatLetterDateTime("yesterday")).toBe("yesterday");
  });
});

describe("letterValues", () => {
  it("formats every fact, and leaves the optional ones empty when the offer has none", () => {
    expect(letterValues(FACTS)).toEqual({
      "candidate.name": "Zoë Ångström",
      "candidate.first_name": "Zoë",
      "company.name": "Acme & Co",
      "job.title": "Senior Backend Engineer",
      "offer.start_date": "1 March 2027",
      "offer.salary": "EUR 85,000 per year",
      "offer.bonus": "",
      "offer.equity": "",
      "offer.expires_at": "15 February 2027, 17:00 UTC",
    });
    const full = letterValues({ ...FACTS, bonus: { amount: 10_000, currency: "EUR" }, equity: " 0.05% in options ", expiresAt: "2027-02-15T17:00:00Z", timeZone: "Europe/Berlin" });
    expect(full["offer.bonus"]).toBe("EUR 10,000");
    expect(full["offer.equity"]).toBe("0.05% in options");
    expect(full["offer.expires_at"]).toBe("15 February 2027, 18:00 CET");
    expect(letterValues({ ...FACTS, expiresAt: null })["offer.expires_at"]).toBe("");
  });
});

describe("renderLetterHtml", () => {
  it("escapes every value and keeps the company's markup", () => {
    const html = renderLetterHtml("<p>Dear <b>{{candidate.name}}</b> of {{company.name}}</p>", letterValues({ ...FACTS, candidateName: "<script>alert(1)</script>" }));
    expect(html).toBe("<p>Dear <b>&lt;script&gt;alert(1)&lt;/script&gt;</b> of Acme &amp; Co</p>");
  });

  it("leaves unknown placeholders, and known ones without a value, as written", () => {
    const html = renderLetterHtml("{{candidate.name}} {{offer.salry}} {{ offer.bonus }} {{constructor}} {{toString}}", { "candidate.name": "Ada" });
    expect(html).toBe("Ada {{offer.salry}} {{ offer.bonus }} {{constructor}} {{toString}}");
  });

  it("fills in one pass: a value that looks like a placeholder stays text", () => {
    expect(renderLetterHtml("{{candidate.name}}", letterValues({ ...FACTS, candidateName: "{{company.name}}" }))).toBe("{{company.name}}");
  });

  it("the default template names the five facts and renders a complete letter", () => {
    for (const name of REQUIRED) expect(DEFAULT_LETTER_TEMPLATE).toContain(`{{${name}}}`);
    const html = renderLetterHtml(DEFAULT_LETTER_TEMPLATE, letterValues(FACTS));
    expect(html).not.toMatch(/\{\{/);
    for (const text of ["Zoë Ångström", "Senior Backend Engineer", "1 March 2027", "EUR 85,000 per year", "15 February 2027, 17:00 UTC", "Acme &amp; Co"]) expect(html).toContain(text);
  });
});
