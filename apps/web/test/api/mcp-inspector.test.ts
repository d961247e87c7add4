import { execFile } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useApiApp } from "../helpers/api-app.ts";

/**
 * An outside MCP client against /api/mcp: the official MCP Inspector's CLI (a devDependency, so CI
 * installs it from the registry like everything else), run as its own process with an API key
 * header, as a developer would from a terminal: `npx @modelcontextprotocol/inspector --cli <url> …`.
 */
const app = useApiApp();
const run = promisify(execFile);
const INSPECTOR = path.resolve(import.meta.dirname, "../../../../node_modules/@modelcontextprotocol/inspector/clients/launcher/build/index.js");
let home: string;

beforeAll(async () => {
  // The CLI keeps a server catalog in the home directory: give it a throwaway one.
  home = await mkdtemp(path.join(tmpdir(), "mcp-inspector-"));
});
afterAll(() => rm(home, { recursive: true, force: true }));

async function inspector(...args: string[]): Promise<unknown> {
  const { stdout } = await run(
    process.execPath,
    [INSPECTOR, "--cli", `${app.url}/api/mcp`, "--transport", "http", "--header", `Authorization: Bearer ${app.acme.apiKey}`, ...args],
    { env: { ...process.env, HOME: home, MCP_CATALOG_PATH: path.join(home, "mcp.json") }, timeout: 60_000 },
  );
  return JSON.parse(stdout);
}

describe("the MCP Inspector CLI", () => {
  it("lists the tools", async () => {
    const listed = (await inspector("--method", "tools/list")) as { tools: { name: string }[] };
    expect(listed.tools.map((tool) => tool.name)).toEqual(expect.arrayContaining(["list_jobs", "get_job", "search_candidates", "get_candidate", "add_note", "move_candidate"]));
  });

  it("calls get_job with an API key", async () => {
    const result = (await inspector("--method", "tools/call", "--tool-name", "get_job", "--tool-arg", `id=${app.acme.jobId}`)) as {
      isError?: boolean;
      structuredContent: { data: { id: number; title: string } };
    };
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent.data).toMatchObject({ id: app.acme.jobId, title: "Software Engineer" });
  });
});
