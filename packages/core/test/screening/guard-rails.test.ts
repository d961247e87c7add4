import { describe, expect, it } from "vitest";
import { screeningSettingsInput } from "../../src/modules/screening/contract/screening.ts";
import { criterionWarnings, namesPostalCode, protectedTermIn, protectedTermMessage } from "../../src/modules/screening/contract/guard-rails.ts";

/** Issue 25 §4: criteria judge qualifications; a protected characteristic is refused, proxies warned about. */
describe("criteria naming a protected characteristic", () => {
  it.each([
    ["Is under the age of 35", "age", "age"],
    ["Young and dynamic team player", "age", "Young"],
    ["Recent graduates only", "age", "Recent graduates"],
    ["Born after 1995", "age", "Born after"],
    ["Female engineer", "sex or gender", "Female"],
    ["Prefer men for field work", "sex or gender", "men"],
    ["Native speaker of German", "national origin", "Native speaker"],
    ["German nationality", "national origin", "nationality"],
    ["Attends church", "religion", "church"],
    ["Not pregnant", "pregnancy or family", "pregnant"],
    ["Married with a stable household", "marital status", "Married"],
    ["No disability", "disability or health", "disability"],
    ["Caucasian", "race or ethnicity", "Caucasian"],
    ["Skin   colour fits the brand", "race or ethnicity", "Skin   colour"],
    ["Openly GAY-friendly? no: gay", "sexual orientation", "gay"],
  ])("%j names %s", (text, characteristic, term) => {
    expect(protectedTermIn(text)).toEqual({ characteristic, term });
  });

  it.each([
    "Has led a team of engineers",
    "Built single sign-on with SAML",
    "Maintained older versions of Java",
    "White-box and black-box testing",
    "Priced options with Black-Scholes",
    "Grew revenue in Asian markets",
    "Genetic algorithms for scheduling",
    "Managed package upgrades",
    "Human-computer interaction",
    "Manages stakeholders",
    "Wrote man-pages for the CLI",
    "Straightforward communicator",
    "PostgreSQL",
  ])("%j is a qualification", (text) => {
    expect(protectedTermIn(text)).toBeNull();
  });

  it("the contract refuses such a skill or statement with a message naming the words and why, and accepts the rest", () => {
    const result = screeningSettingsInput.safeParse({
      criteria: [
        { type: "skill", value: "Go" },
        { type: "text", value: "Has led a team of engineers" },
        { type: "text", value: "Is a young woman" },
        { type: "skill", value: "Mother tongue English" },
      ],
    });
    expect(result.success).toBe(false);
    const issues = result.error!.issues.map((i) => ({ path: i.path.join("."), message: i.message }));
    expect(issues).toEqual([
      { path: "criteria.2.value", message: protectedTermMessage({ characteristic: "age", term: "young" }) },
      { path: "criteria.3.value", message: protectedTermMessage({ characteristic: "national origin", term: "Mother tongue" }) },
    ]);
    expect(issues[0]!.message).toBe('Names a protected characteristic (age: "young"): criteria must judge qualifications, not who a person is');
  });
});

describe("warnings for proxies", () => {
  it("more than 10 years of experience is a possible age proxy; 10 is not", () => {
    expect(criterionWarnings({ type: "min_years", value: 12 }, [])).toEqual(["years_age_proxy"]);
    expect(criterionWarnings({ type: "min_years", value: "10.5" }, [])).toEqual(["years_age_proxy"]);
    expect(criterionWarnings({ type: "min_years", value: 10 }, [])).toEqual([]);
  });

  it("a location criterion while the job's locations name postal codes", () => {
    expect(criterionWarnings({ type: "location" }, ["Chicago, IL 60614"])).toEqual(["postal_code_proxy"]);
    expect(criterionWarnings({ type: "location" }, ["Berlin", "10115 Berlin"])).toEqual(["postal_code_proxy"]);
    expect(criterionWarnings({ type: "location" }, ["Berlin", "Remote (EU)"])).toEqual([]);
    expect(criterionWarnings({ type: "skill", value: "Go" }, ["Chicago, IL 60614"])).toEqual([]);
  });

  it.each([
    ["Chicago, IL 60614", true],
    ["Seattle, WA 98101-1234", true],
    ["London SW1A 1AA", true],
    ["Toronto, ON M5V 3L9", true],
    ["1012 AB Amsterdam", true],
    ["Berlin", false],
    ["Room 101, Building B", false],
    ["Remote, UTC+1", false],
  ])("%j names a postal code: %s", (location, expected) => {
    expect(namesPostalCode(location)).toBe(expected);
  });
});
