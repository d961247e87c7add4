import { API_SCOPES, authenticateApiKey, getJob, systemContext, verifyPassword } from "@hireflow/core";
import { createPrismaClient, type PrismaClient } from "@hireflow/db";
import { createDatabase, type TestDatabase } from "@hireflow/db/testing/server";
import type {} from "@hireflow/db/testing/global-setup";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { runCli } from "../src/cli/run.ts";
import { envWith, onlyJson, runScript, type RunResult } from "./helpers.ts";

const API_KEY = /^hf_live_[0-9A-Za-z]{40}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

// Each case starts a real process (~1 s idle, several seconds on a loaded machine; two `npm test` side
// by side with other work beside them, load ~15 on 2 cores, took over 60 s for a test of two processes:
// the limit is a hang guard, not a measure).
describe("admin CLI against DATABASE_URL", { timeout: 180_000 }, () => {
  let database: TestDatabase;
  let prisma: PrismaClient;
  /** The company the first test creates; the others work in it. */
  let companyId: number;
  const admin = (...args: string[]) => runScript("admin", args, envWith(database.url));

  beforeAll(async () => {
    database = await createDatabase(inject("adminUrl"), { migrate: true });
    prisma = createPrismaClient(database.url, { max: 2 });
  });
  afterAll(async () => {
    await prisma?.$disconnect();
    await database?.drop();
  });

  it("company:create prints the company and a working API key", async () => {
    const out = onlyJson(await admin("company:create", "--name", "Initech Labs", "--json")) as {
      company: { id: number; name: string; slug: string };
      apiKey: string;
    };
    expect(Object.keys(out).sort()).toEqual(["apiKey", "company"]);
    expect(out.company).toEqual({ id: expect.any(Number), name: "Initech Labs", slug: "initech-labs" });
    expect(out.apiKey).toMatch(API_KEY);
    const principal = await authenticateApiKey(prisma, `Bearer ${out.apiKey}`);
    expect(principal.companyId).toBe(out.company.id);
    expect(principal.scopes).toEqual([...API_SCOPES]);

    companyId = out.company.id;
  });

  it("job:create prints the job exactly as the API returns it", async () => {
    const company = { id: companyId };
    const out = onlyJson(
      await admin(
        "job:create", "--company", String(company.id), "--title", "Senior Backend Engineer", "--department", "Engineering",
        "--locations", "Berlin; Remote", "--location-type", "hybrid", "--salary-min", "70000", "--salary-max", "90000",
        "--currency", "eur", "--private", "--json",
      ),
    ) as { job: { id: number } & Record<string, unknown> };
    expect(Object.keys(out)).toEqual(["job"]);
    expect(out.job).toMatchObject({
      title: "Senior Backend Engineer",
      is_active: true,
      is_public: false,
      locations: ["Berlin", "Remote"],
      location_type: "hybrid",
      salary: { min: 70000, max: 90000, currency: "EUR" },
      screening_questions: [],
    });
    expect(out.job).toEqual(await getJob(systemContext(prisma, company.id), out.job.id));
    const department = await prisma.department.findUniqueOrThrow({ where: { id: out.job.department_id as number } });
    expect(department.name).toBe("Engineering");
  });

  it("apikey:create and apikey:revoke", async () => {
    const company = { id: companyId };
    const created = onlyJson(await admin("apikey:create", "--company", String(company.id), "--name", "CI", "--json")) as { id: number; apiKey: string; scopes: string[] };
    expect(Object.keys(created).sort()).toEqual(["apiKey", "id", "scopes"]);
    expect(created.apiKey).toMatch(API_KEY);
    // No --scopes: every scope.
    expect(created.scopes).toEqual([...API_SCOPES]);
    const row = await prisma.apiKey.findUniqueOrThrow({ where: { id: created.id } });
    expect(row).toMatchObject({ companyId: company.id, name: "CI", revokedAt: null, scopes: [...API_SCOPES] });
    expect(row.secretHash).not.toContain(created.apiKey);
    await expect(authenticateApiKey(prisma, `Bearer ${created.apiKey}`)).resolves.toMatchObject({ apiKeyId: created.id });

    const revoked = onlyJson(await admin("apikey:revoke", "--id", String(created.id), "--json")) as { id: number; revokedAt: string };
    expect(revoked).toEqual({ id: created.id, revokedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
    await expect(authenticateApiKey(prisma, `Bearer ${created.apiKey}`)).rejects.toMatchObject({ code: "unauthorized" });

    // Both are in the company's audit log, done by the service itself (actor system).
    const entries = await prisma.auditLogEntry.findMany({ where: { companyId: company.id, targetType: "api_key", targetId: String(created.id) }, orderBy: { id: "asc" } });
    expect(entries.map((e) => [e.action, e.actorType, e.actorLabel, e.targetLabel])).toEqual([
      ["api_key.created", "system", "system", `CI (${row.prefix}…)`],
      ["api_key.revoked", "system", "system", `CI (${row.prefix}…)`],
    ]);
  });

  it("apikey:create --scopes gives the key those scopes, in canonical order", async () => {
    const created = onlyJson(
      await admin("apikey:create", "--company", String(companyId), "--name", "Reader", "--scopes", "jobs:read, candidates:read,jobs:read", "--json"),
    ) as { id: number; apiKey: string; scopes: string[] };
    expect(created).toEqual({ id: expect.any(Number), apiKey: expect.stringMatching(API_KEY), scopes: ["candidates:read", "jobs:read"] });
    await expect(authenticateApiKey(prisma, `Bearer ${created.apiKey}`)).resolves.toMatchObject({ apiKeyId: created.id, scopes: ["candidates:read", "jobs:read"] });
  });

  it("user:create creates a user who can sign in", async () => {
    const company = { id: companyId };
    const out = onlyJson(
      await admin("user:create", "--company", String(company.id), "--email", "Ops@Users.test", "--password", "correct horse", "--name", "Ops", "--json"),
    ) as { user: { id: string; email: string } };
    expect(out).toEqual({ user: { id: expect.stringMatching(UUID), email: "ops@users.test" } });
    const user = await prisma.user.findUniqueOrThrow({ where: { id: out.user.id } });
    // Owner by default, as every user created here was before roles existed.
    expect(user).toMatchObject({ companyId: company.id, name: "Ops", role: "owner" });
    expect(await verifyPassword("correct horse", user.passwordHash)).toBe(true);

    const recruiter = onlyJson(
      await admin("user:create", "--company", String(company.id), "--email", "rec@users.test", "--password", "correct horse", "--role", "recruiter", "--json"),
    ) as { user: { id: string } };
    expect(await prisma.user.findUniqueOrThrow({ where: { id: recruiter.user.id } })).toMatchObject({ role: "recruiter" });
  });

  it("a failing command exits 1 with the reason on stderr and nothing on stdout", async () => {
    const cases: [string[], RegExp][] = [
      [["frobnicate", "--json"], /Unknown command "frobnicate"/],
      [["job:create", "--company", "999999", "--title", "T", "--json"], /Company 999999 not found/],
      [["user:create", "--company", "1", "--email", "a@b.test", "--password", "short", "--json"], /--password: Must be at least 8 characters/],
    ];
    const results = await Promise.all(cases.map(([args]) => admin(...args)));
    results.forEach((result, i) => expectFailure(result, cases[i]![1]));
    const closed = await runScript("admin", ["company:create", "--name", "X", "--json"], envWith("postgresql://postgres@127.0.0.1:1/nothing"));
    expectFailure(closed, /Cannot reach the database at 127\.0\.0\.1:1/);
  });
});

// The same code without a process per case: the error matrix and help texts.
describe("admin CLI messages", () => {
  let database: TestDatabase;
  let companyId: number;

  async function cli(...args: string[]) {
    let stdout = "";
    let stderr = "";
    const code = await runCli(args, { out: (t) => (stdout += `${t}\n`), err: (t) => (stderr += `${t}\n`) });
    return { code, stdout, stderr };
  }

  beforeAll(async () => {
    database = await createDatabase(inject("adminUrl"), { migrate: true });
    process.env.DATABASE_URL = database.url;
    companyId = (onlyJson(await cli("company:create", "--name", "Messages Co", "--json")) as { company: { id: number } }).company.id;
  });
  afterAll(async () => database?.drop());

  it.each<[string, string[], RegExp]>([
    ["no command", [], /Usage: npm run -s admin --/],
    ["missing flag", ["company:create", "--json"], /Missing required option --name/],
    ["unknown flag", ["company:create", "--name", "X", "--colour", "red", "--json"], /Unknown option '--colour'/],
    ["flag without value", ["job:create", "--company", "1", "--title"], /Option '--title <value>' argument missing/],
    ["non-numeric id", ["job:create", "--company", "abc", "--title", "T", "--json"], /--company must be a whole number/],
    ["exponent", ["job:create", "--company", "1", "--title", "T", "--salary-min", "1e5", "--json"], /--salary-min must be a whole number/],
    ["enum", ["job:create", "--company", "1", "--title", "T", "--location-type", "moon", "--json"], /--location-type must be one of onsite, remote, hybrid/],
    ["validation", ["job:create", "--company", "1", "--title", "T", "--salary-min", "9", "--salary-max", "5", "--currency", "EURO", "--json"], /Invalid input:\n {2}--currency: .*\n {2}--salary-max: /],
    ["unknown company (key)", ["apikey:create", "--company", "999999", "--json"], /Company 999999 not found/],
    ["unknown scope", ["apikey:create", "--company", "1", "--scopes", "candidates:read,candidates:delete,admin", "--json"], /--scopes: unknown scope "candidates:delete", "admin"; use one or more of candidates:read, candidates:write, jobs:read/],
    ["empty scopes", ["apikey:create", "--company", "1", "--scopes", " , ", "--json"], /--scopes needs at least one of candidates:read/],
    ["unknown key", ["apikey:revoke", "--id", "999999", "--json"], /API key 999999 not found/],
    ["bad e-mail", ["user:create", "--company", "1", "--email", "not-an-email", "--password", "long enough", "--json"], /--email: /],
    ["bad role", ["user:create", "--company", "1", "--email", "a@b.test", "--password", "long enough", "--role", "member"], /--role must be one of owner, admin, recruiter/],
    ["unknown company (user)", ["user:create", "--company", "999999", "--email", "a@b.test", "--password", "long enough", "--json"], /Company 999999 not found/],
  ])("%s", async (_name, args, message) => {
    const result = await cli(...args);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe("");
    expect(result.stderr).toMatch(message);
  });

  it("refuses a second user with the same e-mail", async () => {
    const args = ["user:create", "--company", String(companyId), "--email", "dup@messages.test", "--password", "long enough", "--json"];
    expect((await cli(...args)).code).toBe(0);
    const again = await cli(...args);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/A user with e-mail dup@messages.test already exists/);
  });

  it("says when the database is not migrated", async () => {
    const unmigrated = await createDatabase(inject("adminUrl"));
    process.env.DATABASE_URL = unmigrated.url;
    try {
      const result = await cli("company:create", "--name", "X", "--json");
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(/not migrated.*npm run db:migrate/);
    } finally {
      process.env.DATABASE_URL = database.url;
      await unmigrated.drop();
    }
  });

  it("prints readable summaries without --json, and help", async () => {
    const company = await cli("company:create", "--name", "Messages Co");
    expect(company.code).toBe(0);
    expect(company.stdout).toMatch(/Created company \d+ "Messages Co" \(slug messages-co-2\)\.\nAPI key \d+ "Default": hf_live_\w{40}\n/);
    const job = await cli("job:create", "--company", String(companyId), "--title", "Intern", "--inactive");
    expect(job.code).toBe(0);
    expect(job.stdout).toMatch(/Created job \d+ "Intern" for company \d+ "Messages Co"\n {2}inactive, public, onsite\n {2}Apply URL: http/);
    const help = await cli("help");
    expect(help.code).toBe(0);
    for (const name of ["company:create", "job:create", "apikey:create", "apikey:revoke", "user:create"]) expect(help.stdout).toContain(name);
    const one = await cli("job:create", "--help");
    expect(one.code).toBe(0);
    expect(one.stdout).toContain("--location-type onsite|remote|hybrid");
    const key = await cli("apikey:create", "--company", String(companyId), "--name", "Hooks", "--scopes", "webhooks:write,webhooks:read");
    expect(key.code).toBe(0);
    expect(key.stdout).toMatch(/Created API key \d+ "Hooks" for company \d+ "Messages Co":\n {2}hf_live_\w{40}\nScopes: webhooks:read, webhooks:write\n/);
    const keyHelp = await cli("apikey:create", "--help");
    expect(keyHelp.stdout).toContain("[--scopes <scope,scope,…>]");
    expect(keyHelp.stdout).toContain(API_SCOPES.join(", "));
  });
});

function expectFailure(result: RunResult, message: RegExp) {
  expect(result.code, result.stderr).toBe(1);
  expect(result.stdout).toBe("");
  expect(result.stderr).toMatch(message);
}
