import { describe, expect, it } from "vitest";
import { httpUrl, webAddress } from "../src/kernel/contract/common.ts";
import { updateCareerSiteInput } from "../src/modules/careers/contract/career-site.ts";

// The database checks the stored text with `~ '^https?://'`; anything the contract lets through must
// pass that check, or the write fails as a 500 (a fuzz run found "\u0003https://…" did).
const DATABASE_CHECK = /^https?:\/\//;

describe("web address contract", () => {
  it("refuses text the URL parser would repair: leading controls, upper-case schemes, inner whitespace or controls", () => {
    const repaired = ["\u0003https://www.example.com/logo.png", "\u001bhttps://example.com", "HTTPS://example.com", "Http://example.com", "https://example.com/a b", "https://example.com/\u007f", "https://example.com/a\u0000"];
    for (const value of repaired) {
      expect(() => new URL(value), JSON.stringify(value)).not.toThrow();
      expect(httpUrl.safeParse(value).success, JSON.stringify(value)).toBe(false);
    }
  });

  it("trims whitespace at either end, and what it returns is what gets stored", () => {
    for (const value of [" https://example.com", "\thttps://example.com", "https://example.com\n"]) {
      expect(httpUrl.parse(value)).toBe("https://example.com");
    }
  });

  it("accepts ordinary addresses, each of which passes the database's check", () => {
    for (const value of ["https://example.com", "http://example.com/a?b=c#d", "https://exämple.com/путь", "https://example.com:8443/x%20y"]) {
      expect(httpUrl.safeParse(value).success, value).toBe(true);
      expect(value).toMatch(DATABASE_CHECK);
    }
  });

  it("an https-only address refuses http, with the message it was given", () => {
    const logo = webAddress("https", "Must be an https:// address of an image");
    expect(logo.safeParse("https://example.com/logo.png").success).toBe(true);
    const refused = logo.safeParse("http://example.com/logo.png");
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe("Must be an https:// address of an image");
  });

  it("the careers-site settings refuse the fuzz counterexample and name the field", () => {
    const result = updateCareerSiteInput.safeParse({ website_url: "http://127.0.0.1:9/hook", logo_url: "\u0003https://www.example.com/logo.png" });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path.join("."))).toEqual(["logo_url"]);
  });
});
