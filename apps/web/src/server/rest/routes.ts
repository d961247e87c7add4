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
  /** Literal segments: one beats a parameter (/jobs/rescore over /jobs/{id}), as trpc-to-openapi routes. */
  literals: number;
  /** What the path answers, HEAD and OPTIONS included, sorted (the Allow header). */
  allowed: string[];
}

const isParam = (segment: string) => segment.startsWith("{");

// Routes by their number of segments; each request compares only those of its own length.
const routesByLength = new Map<number, Route[]>();
for (const { meta } of procedureMetas) {
  if (!meta.openapi) continue;
  const segments = meta.openapi.path.split("/").filter(Boolean);
  const sameLength = routesByLength.get(segments.length) ?? [];
  routesByLength.set(segments.length, sameLength);
  const key = segments.join("/");
  let route = sameLength.find((r) => r.segments.join("/") === key);
  if (!route) sameLength.push((route = { segments, methods: new Set(), literals: segments.filter((s) => !isParam(s)).length, allowed: [] }));
  route.methods.add(meta.openapi.method.toUpperCase());
}
for (const route of [...routesByLength.values()].flat()) {
  const methods = new Set(route.methods);
  if (methods.has("GET")) methods.add("HEAD");
  methods.add("OPTIONS");
  route.allowed = [...methods].sort();
}

/** The route whose shape a path has (the one with the most literal segments), or null. */
function routeOf(relativePath: string): Route | null {
  const segments = relativePath.split("/").filter(Boolean);
  let best: Route | null = null;
  for (const route of routesByLength.get(segments.length) ?? []) {
    if (best && route.literals <= best.literals) continue;
    if (route.segments.every((s, i) => isParam(s) || s === segments[i])) best = route;
  }
  return best;
}

/** The methods a path answers (HEAD and OPTIONS included), or null when no route has its shape. */
export function allowedMethods(relativePath: string): string[] | null {
  return routeOf(relativePath)?.allowed ?? null;
}

/** Throws the 404 or 405 for a request no procedure answers. */
export function assertRouteExists(method: string, relativePath: string): void {
  const route = routeOf(relativePath);
  if (!route) throw new AppError("not_found", `No such route: ${method} /api/v1${relativePath}`);
  if (!route.allowed.includes(method)) {
    const allowed = route.allowed.join(", ");
    throw new AppError("method_not_allowed", `${method} is not allowed on /api/v1${relativePath}; allowed: ${allowed}`, { headers: { allow: allowed } });
  }
}
