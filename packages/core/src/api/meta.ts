import { type Meta } from "../kernel/trpc.ts";
import { appRouter } from "./app-router.ts";

export interface ProcedureMeta {
  /** The tRPC path, e.g. "candidates.create". */
  path: string;
  meta: Meta;
}

/** Every procedure's meta, read once (the gateway and the OpenAPI document both need it). */
export const procedureMetas: ProcedureMeta[] = Object.entries(appRouter._def.procedures as Record<string, unknown>).map(
  ([path, procedure]) => ({ path, meta: ((procedure as { _def: { meta?: Meta } })._def.meta ?? {}) as Meta }),
);
