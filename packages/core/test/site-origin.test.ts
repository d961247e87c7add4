import { describe, expect, it } from "vitest";
import { siteOrigin, updatePrivacySettingsInput } from "../src/modules/privacy/contract/privacy.ts";

/** Settings → Privacy → Allowed sites (#43 §16): a bare host is the site over https; anything else as typed. */
describe("an allowed site as typed", () => {
  it("takes a bare host (with a port, a trailing slash) as https://", () => {
    expect(siteOrigin("careers.acme.example")).toBe("https://careers.acme.example");
    expect(siteOrigin("  www.example.com/ ")).toBe("https://www.example.com");
    expect(siteOrigin("localhost:8080")).toBe("https://localhost:8080");
    expect(siteOrigin("http://localhost:8080/")).toBe("http://localhost:8080");
  });

  it("leaves what is no bare host alone, for the contract to refuse", () => {
    for (const text of ["example.com/careers", "javascript:alert(1)", "*", "two words", "ftp://example.com"]) expect(siteOrigin(text)).toBe(text);
  });

  it("is what the contract stores, and a bad line is refused at its index", () => {
    expect(updatePrivacySettingsInput.parse({ allowed_origins: ["careers.acme.example"] }).allowed_origins).toEqual(["https://careers.acme.example"]);
    const parsed = updatePrivacySettingsInput.safeParse({ allowed_origins: ["www.example.com", "example.com/jobs"] });
    expect(parsed.error?.issues.map((issue) => issue.path.join("."))).toEqual(["allowed_origins.1"]);
  });
});
