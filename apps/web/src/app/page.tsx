import Link from "next/link";

export default function Home() {
  return (
    <main className="mx-auto max-w-2xl px-6 py-16">
      <h1 className="text-3xl font-semibold">Hireflow</h1>
      <p className="mt-3 text-slate-600">Run your hiring pipeline; connect your tools through the public API and webhooks.</p>
      <ul className="mt-8 space-y-2 text-blue-700 underline">
        <li><Link href="/docs">API reference</Link></li>
        <li><a href="/api/v1/openapi.json">OpenAPI document</a></li>
      </ul>
    </main>
  );
}
