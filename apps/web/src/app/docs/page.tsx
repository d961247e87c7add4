import type { Metadata } from "next";
import { SCALAR_SCRIPT_PATH, SCALAR_VERSION } from "@/server/api-reference-asset";
import { ApiReference } from "./api-reference";

export const metadata: Metadata = { title: "API reference" };

/**
 * The API reference: Scalar (@scalar/api-reference, its standalone browser bundle served by this
 * app at /docs/scalar.js) rendering the same OpenAPI document the API serves at
 * /api/v1/openapi.json, generated in packages/core/src/api/openapi/document.ts with examples and code samples.
 * Public (proxy.ts), without any CDN; its CSP allows inline styles, which Scalar injects
 * (src/server/security-headers.ts).
 */
export default function DocsPage() {
  return (
    <div>
      {/* The way back: /docs is outside the app's frame (Scalar draws the whole page). A full page load, so none of Scalar's injected styles follow. */}
      <nav aria-label="Hireflow" className="flex items-center gap-4 border-b border-slate-200 bg-white px-4 py-2 text-sm">
        <a href="/jobs" className="font-medium text-indigo-700 hover:underline">
          <span aria-hidden="true">← </span>Back to Hireflow
        </a>
        <span className="text-slate-600">API reference</span>
      </nav>
      <noscript>
        <p className="p-8">
          The API reference needs JavaScript. The OpenAPI document is at <a href="/api/v1/openapi.json">/api/v1/openapi.json</a>.
        </p>
      </noscript>
      <ApiReference scriptSrc={`${SCALAR_SCRIPT_PATH}?v=${SCALAR_VERSION}`} />
    </div>
  );
}
