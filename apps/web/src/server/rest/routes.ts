import { AppError, procedureMetas } from "@hireflow/core";

/**
 * The API's routes as the procedures declare them (meta.openapi), matched before a request reaches
 * trpc-to-openapi: an unknown path is a 404 and a known path with another method a 405 with Allow,
 * decided here rather than inferred from the library's errors (whose class, in the production
 * bundle, is not the one our code imports).
 */
interface Route {
  segments: string[];
  methods: Set<string>;
}

const routes: Route[] = [];
for (const { meta } of procedureMetas) {
  if (!meta.openapi) continue;
  const segments = meta.openapi.path.split("/").filter(Boolean);
  const key = segments.join("/");
  let route = routes.find((r) => r.segments.join("/") === key);
  if (!route) routes.push((route = { segments, methods: new Set() }));
  route.methods.add(meta.openapi.method.toUpperCase());
}

const isParam = (segment: string) => segment.startsWith("{");

/** The methods a path answers (HEAD and OPTIONS included), or null when no route has its shape. */
export function allowedMethods(relativePath: string): string[] | null {
  const segments = relativePath.split("/").filter(Boolean);
  const matching = routes.filter((r) => r.segments.length === segments.length && r.segments.every((s, i) => isParam(s) || s === segments[i]));
  if (!matching.length) return null;
  // A literal segment beats a parameter (/jobs/rescore over /jobs/{id}), as trpc-to-openapi routes.
  const literals = (r: Route) => r.segments.filter((s) => !isParam(s)).length;
  const best = matching.reduce((a, b) => (literals(b) > literals(a) ? b : a));
  const methods = new Set(best.methods);
  if (methods.has("GET")) methods.add("HEAD");
  methods.add("OPTIONS");
  return [...methods].sort();
}

/** Throws the 404 or 405 for a request no procedure answers. */
export function assertRouteExists(method: string, relativePath: string): void {
  const allowed = allowedMethods(relativePath);
  if (!allowed) throw new AppError("not_found", `No such route: ${method} /api/v1${relativePath}`);
  if (!allowed.includes(method)) {
    throw new AppError("method_not_allowed", `${method} is not allowed on /api/v1${relativePath}; allowed: ${allowed.join(", ")}`, { headers: { allow: allowed.join(", ") } });
  }
}
