import { z } from "zod";
import { type ApiScope } from "../../kernel/scopes.ts";
import { type Context } from "../../kernel/context.ts";
import { appRouter } from "../app-router.ts";
import { createCallerFactory } from "../../kernel/trpc.ts";

const createCaller = createCallerFactory(appRouter);

/**
 * What a tool runs with: a tRPC caller of the one app router, acting as the resolved principal. Every
 * tool calls procedures through it, so tenancy, scopes, roles, input and output contracts and the
 * audit log hold exactly as on /api/v1.
 */
export type McpCaller = ReturnType<typeof createCaller>;

export function mcpCaller(context: Context): McpCaller {
  return createCaller(context);
}

/** MCP tool annotations (hints for the assistant's UI; the server enforces nothing by them). */
export interface ToolAnnotations {
  readOnlyHint: boolean;
  destructiveHint: boolean;
  idempotentHint: boolean;
  openWorldHint: false;
}

export const READ_ONLY: ToolAnnotations = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };

/**
 * One MCP tool. `input` describes the arguments in JSON terms for the assistant (ids are integers);
 * `run` turns them into the procedure's own input (ids as the REST path/query strings), which the
 * procedure then validates with its zod contract. `output` is the procedure's output contract (or a
 * composition of them) and becomes the tool's `outputSchema`; `summarize` is the short text beside it.
 */
export interface McpTool<In extends z.ZodType = z.ZodType, Out extends z.ZodType = z.ZodType> {
  name: string;
  title: string;
  description: string;
  /** Every API scope the procedures it calls need; all are checked before the first call. */
  scopes: readonly ApiScope[];
  annotations: ToolAnnotations;
  input: In;
  output: Out;
  run(caller: McpCaller, args: z.output<In>): Promise<z.input<Out>>;
  summarize(result: z.input<Out>): string;
}

export function defineTool<In extends z.ZodType, Out extends z.ZodType>(tool: McpTool<In, Out>): McpTool {
  return tool as unknown as McpTool;
}

/** A JSON Schema (draft-07, which the SDK's validator reads) for a tool's inputSchema/outputSchema. */
export function toolJsonSchema(schema: z.ZodType, io: "input" | "output"): { type: "object"; [key: string]: unknown } {
  const json = z.toJSONSchema(schema, { io, target: "draft-7", unrepresentable: "any" }) as Record<string, unknown>;
  delete json.$schema;
  if (json.type !== "object") throw new Error("An MCP tool schema must describe an object");
  return json as { type: "object" };
}

/** A positive 32-bit id, as the assistant sends it; the REST contracts read ids as path strings. */
export const toolId = (description: string) => z.number().int().min(1).max(2_147_483_647).describe(description);

/** `value` as a REST query/path string, or undefined. */
export function wire(value: number | boolean | undefined): string | undefined {
  return value === undefined ? undefined : String(value);
}

/** "Ada Lovelace (#12, Phone screen, fit 87)" */
export function candidateLine(c: { id: number; name: string | null; stage_name: string; fit_score: number | null }): string {
  return `${c.name ?? "(no name)"} (#${c.id}, ${c.stage_name}${c.fit_score === null ? "" : `, fit ${Math.round(c.fit_score)}`})`;
}

export function nextPageHint(pagination: { has_more?: boolean; next_cursor?: string | null }): string {
  return pagination.next_cursor ? `\nMore: pass cursor "${pagination.next_cursor}".` : "";
}
