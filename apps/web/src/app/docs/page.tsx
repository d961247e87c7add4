import type { Metadata } from "next";
import { SCALAR_SCRIPT_PATH, SCALAR_VERSION } from "@/server/api-reference-asset";
import { ApiReference } from "./api-reference";

export const metadata: Metadata = { title: "API reference" };

/**
 * The API reference: Scalar (@scalar/api-reference, its standalone browser bundle served by this
 * app at /docs/scalar.js) rendering the same OpenAPI document the API serves at
 * /api/v1/openapi.json, generated in packages/core/src/openapi.ts with examples and code samples.
 * Public (proxy.ts), without any CDN; its CSP allows inline styles, which Scalar injects
 * (src/server/security-headers.ts).
 */
export default function DocsPage() {
  return (
    <div>
      <noscript>
        <p className="p-8">
          The API reference needs JavaScript. The OpenAPI document is at <a href="/api/v1/openapi.json">/api/v1/openapi.json</a>.
        </p>
      </noscript>
      <ApiReference scriptSrc={`${SCALAR_SCRIPT_PATH}?v=${SCALAR_VERSION}`} />
    </div>
  );
}
