import { type ApiScope } from "../../kernel/scopes.ts";
import { type McpCaller } from "./tool.ts";

/** A readable resource family of /api/mcp, addressed by an RFC 6570 URI template. */
export interface McpResourceTemplate {
  uriTemplate: string;
  name: string;
  title: string;
  description: string;
  mimeType: string;
  scopes: readonly ApiScope[];
  /** `uri` → the id it names, or null when it is not of this template. */
  match(uri: string): number | null;
  read(caller: McpCaller, id: number): Promise<string>;
}

const idIn = (pattern: RegExp) => (uri: string) => {
  const match = pattern.exec(uri);
  const id = match ? Number(match[1]) : NaN;
  return Number.isSafeInteger(id) && id >= 1 && id <= 2_147_483_647 ? id : null;
};

export const MCP_RESOURCE_TEMPLATES: readonly McpResourceTemplate[] = [
  {
    uriTemplate: "hireflow://candidates/{id}/resume",
    name: "candidate-resume",
    title: "A candidate's parsed resume",
    description: "The fields extracted from a candidate's resume (resume_data of GET /candidates/{id}); null until processing completes",
    mimeType: "application/json",
    scopes: ["candidates:read"],
    match: idIn(/^hireflow:\/\/candidates\/([1-9][0-9]{0,9})\/resume$/),
    read: async (caller, id) => {
      const { data } = await caller.candidates.get({ id: String(id) } as never);
      return JSON.stringify({ candidate_id: data.id, name: data.name, resume_status: data.resume_status, resume_data: data.resume_data }, null, 2);
    },
  },
  {
    uriTemplate: "hireflow://jobs/{id}/description",
    name: "job-description",
    title: "A job's description",
    description: "The job's title and description text (GET /jobs/{id})",
    mimeType: "text/markdown",
    scopes: ["jobs:read"],
    match: idIn(/^hireflow:\/\/jobs\/([1-9][0-9]{0,9})\/description$/),
    read: async (caller, id) => {
      const { data } = await caller.jobs.get({ id: String(id) } as never);
      return `# ${data.title}\n\n${data.description ?? "(no description)"}\n`;
    },
  },
];
