import { openApiDocument } from "@hireflow/core/openapi";
import type { Metadata } from "next";
import { type Components, SchemaView } from "./schema-view";

export const metadata: Metadata = { title: "API reference" };
export const dynamic = "force-dynamic";

type Operation = {
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: { name: string; in: string; required?: boolean; description?: string; schema: never }[];
  requestBody?: { content: Record<string, { schema: never }> };
  responses: Record<string, { description?: string; content?: Record<string, { schema: never }> }>;
};

const METHOD_STYLE: Record<string, string> = {
  get: "bg-emerald-100 text-emerald-800",
  post: "bg-sky-100 text-sky-800",
  patch: "bg-amber-100 text-amber-800",
  delete: "bg-rose-100 text-rose-800",
};

function anchor(method: string, path: string) {
  return `${method}-${path}`.replace(/[^a-z0-9]+/gi, "-");
}

/** The API reference, rendered on the server from the same OpenAPI document the API serves. */
export default function DocsPage() {
  const doc = openApiDocument() as unknown as {
    info: { title: string; version: string; description: string };
    servers?: { url: string }[];
    paths: Record<string, Record<string, Operation>>;
    webhooks: Record<string, { post: Operation }>;
    components: { schemas: Components };
  };
  const components = doc.components.schemas;
  const operations = Object.entries(doc.paths).flatMap(([path, item]) => Object.entries(item).map(([method, op]) => ({ path, method, op })));

  return (
    <div className="mx-auto flex max-w-6xl gap-10 px-6 py-10">
      <nav aria-label="Endpoints" className="sticky top-6 hidden h-fit w-64 shrink-0 text-sm lg:block">
        <p className="mb-2 font-semibold">Endpoints</p>
        <ul className="space-y-1">
          {operations.map(({ path, method }) => (
            <li key={anchor(method, path)}>
              <a className="hover:underline" href={`#${anchor(method, path)}`}>
                <span className="inline-block w-12 font-mono uppercase text-slate-500">{method}</span>
                {path}
              </a>
            </li>
          ))}
        </ul>
        <p className="mb-2 mt-6 font-semibold">Webhooks</p>
        <ul className="space-y-1">
          {Object.keys(doc.webhooks).map((name) => (
            <li key={name}>
              <a className="hover:underline" href={`#webhook-${name.replace(/\W/g, "-")}`}>{name}</a>
            </li>
          ))}
        </ul>
      </nav>
      <main className="min-w-0 flex-1">
        <h1 className="text-3xl font-semibold">{doc.info.title}</h1>
        <p className="mt-1 text-sm text-slate-500">
          Version {doc.info.version} · Base URL <code>{doc.servers?.[0]?.url}</code> ·{" "}
          <a className="text-blue-700 underline" href="/api/v1/openapi.json">openapi.json</a>
        </p>
        <p className="mt-4 max-w-3xl text-slate-700">{doc.info.description}</p>

        {operations.map(({ path, method, op }) => (
          <section key={anchor(method, path)} id={anchor(method, path)} className="mt-10 rounded-lg border border-slate-200 bg-white p-6">
            <h2 className="flex items-center gap-3 text-lg font-semibold">
              <span className={`rounded px-2 py-0.5 font-mono text-sm uppercase ${METHOD_STYLE[method] ?? ""}`}>{method}</span>
              <code>/api/v1{path}</code>
            </h2>
            {op.summary && <p className="mt-1 font-medium">{op.summary}</p>}
            {op.description && <p className="mt-2 text-slate-700">{op.description}</p>}
            {op.parameters?.length ? (
              <>
                <h3 className="mt-4 font-semibold">Parameters</h3>
                <ul>
                  {op.parameters.map((p) => (
                    <li key={`${p.in}-${p.name}`} className="py-1">
                      <code className="font-semibold">{p.name}</code> <span className="text-sm text-slate-500">in {p.in}</span>
                      {p.required && <span className="ml-2 text-xs font-medium text-rose-700">required</span>}
                      {p.description && <span className="ml-2 text-sm text-slate-600">{p.description}</span>}
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
            {op.requestBody &&
              Object.entries(op.requestBody.content).map(([type, { schema }]) => (
                <div key={type}>
                  <h3 className="mt-4 font-semibold">Body <span className="font-mono text-sm font-normal text-slate-500">{type}</span></h3>
                  <SchemaView schema={schema} components={components} />
                </div>
              ))}
            <h3 className="mt-4 font-semibold">Responses</h3>
            <ul>
              {Object.entries(op.responses).map(([status, response]) => (
                <li key={status} className="py-1">
                  <code className={Number(status) < 300 ? "text-emerald-700" : "text-rose-700"}>{status}</code>{" "}
                  <span className="text-sm text-slate-600">{response.description}</span>
                  {Number(status) < 300 && response.content?.["application/json"] && (
                    <SchemaView schema={response.content["application/json"].schema} components={components} />
                  )}
                </li>
              ))}
            </ul>
          </section>
        ))}

        <h2 className="mt-14 text-2xl font-semibold">Webhooks</h2>
        {Object.entries(doc.webhooks).map(([name, item]) => (
          <section key={name} id={`webhook-${name.replace(/\W/g, "-")}`} className="mt-6 rounded-lg border border-slate-200 bg-white p-6">
            <h3 className="font-mono text-lg font-semibold">{name}</h3>
            <p className="mt-2 text-sm text-slate-700">{item.post.description}</p>
            <SchemaView schema={item.post.requestBody!.content["application/json"]!.schema} components={components} />
          </section>
        ))}
      </main>
    </div>
  );
}
