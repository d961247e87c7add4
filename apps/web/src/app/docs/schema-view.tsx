/** Renders a JSON Schema (as found in the OpenAPI document) as a nested field list. */
type Schema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  description?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  pattern?: string;
  additionalProperties?: boolean | Schema;
};

export type Components = Record<string, Schema>;

function resolve(schema: Schema, components: Components): Schema {
  if (schema.$ref) return components[schema.$ref.split("/").pop()!] ?? schema;
  return schema;
}

function typeLabel(schema: Schema, components: Components): string {
  if (schema.$ref) return schema.$ref.split("/").pop()!;
  if (schema.anyOf) return schema.anyOf.map((s) => typeLabel(s, components)).join(" | ");
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.enum) return schema.enum.map((v) => JSON.stringify(v)).join(" | ");
  if (schema.type === "array" && schema.items) return `${typeLabel(schema.items, components)}[]`;
  const base = Array.isArray(schema.type) ? schema.type.join(" | ") : (schema.type ?? "any");
  return schema.format ? `${base} (${schema.format})` : base;
}

function constraints(schema: Schema): string[] {
  const out: string[] = [];
  const inner = schema.anyOf?.find((s) => s.type !== "null") ?? schema;
  if (inner.minLength !== undefined || inner.maxLength !== undefined) out.push(`length ${inner.minLength ?? 0}..${inner.maxLength ?? "∞"}`);
  if (inner.minimum !== undefined || inner.maximum !== undefined) out.push(`${inner.minimum ?? "−∞"}..${inner.maximum ?? "∞"}`);
  return out;
}

function objectOf(schema: Schema, components: Components): Schema | null {
  const resolved = resolve(schema, components);
  if (resolved.properties) return resolved;
  if (resolved.type === "array" && resolved.items) return objectOf(resolved.items, components);
  const nonNull = resolved.anyOf?.find((s) => s.type !== "null");
  return nonNull ? objectOf(nonNull, components) : null;
}

export function SchemaView({ schema, components, depth = 0 }: { schema: Schema; components: Components; depth?: number }) {
  const object = objectOf(schema, components);
  if (!object?.properties) return <code className="text-sm">{typeLabel(schema, components)}</code>;
  return (
    <ul className={depth ? "ml-4 border-l border-slate-200 pl-3" : ""}>
      {Object.entries(object.properties).map(([name, property]) => {
        const nested = depth < 3 ? objectOf(property, components) : null;
        return (
          <li key={name} className="py-1">
            <code className="font-semibold">{name}</code>{" "}
            <span className="text-sm text-slate-500">{typeLabel(property, components)}</span>
            {object.required?.includes(name) && <span className="ml-2 text-xs font-medium text-rose-700">required</span>}
            {constraints(property).map((c) => (
              <span key={c} className="ml-2 text-xs text-slate-500">{c}</span>
            ))}
            {property.description && <p className="text-sm text-slate-600">{property.description}</p>}
            {nested && <SchemaView schema={property} components={components} depth={depth + 1} />}
          </li>
        );
      })}
    </ul>
  );
}
